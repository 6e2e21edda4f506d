import CGtk

// GTK 4.8 cannot scroll a list view to a row (gtk_list_view_scroll_to is 4.12); moving the
// scrolled window's vertical adjustment is the way to bring a row into view.

extension ScrolledWindow {
    /// The vertical scroll position in pixels (0 at the top).
    public var verticalOffset: Double {
        get { gtk_adjustment_get_value(gtk_scrolled_window_get_vadjustment(opaque)) }
        set { gtk_adjustment_set_value(gtk_scrolled_window_get_vadjustment(opaque), newValue) }
    }

    /// Total content height and visible height, in pixels.
    public var verticalExtent: (content: Double, visible: Double) {
        let adjustment = gtk_scrolled_window_get_vadjustment(opaque)
        return (gtk_adjustment_get_upper(adjustment), gtk_adjustment_get_page_size(adjustment))
    }

    /// Scrolls the least needed to show the span [top, top + height) (content coordinates).
    public func scrollToShow(top: Double, height: Double) {
        let offset = verticalOffset
        let visible = verticalExtent.visible
        if top < offset {
            verticalOffset = top
        } else if top + height > offset + visible {
            verticalOffset = top + height - visible
        }
    }
}

extension ScrolledWindow {
    /// The part of the content in view, in the content's pixels.
    public var visibleRect: (x: Double, y: Double, width: Double, height: Double) {
        let horizontal = gtk_scrolled_window_get_hadjustment(opaque)
        let vertical = gtk_scrolled_window_get_vadjustment(opaque)
        return (gtk_adjustment_get_value(horizontal), gtk_adjustment_get_value(vertical),
                gtk_adjustment_get_page_size(horizontal), gtk_adjustment_get_page_size(vertical))
    }

    /// Runs `handler` whenever the view scrolls either way or its size or content's changes:
    /// for content drawn only where it is in view.
    public func onViewChanged(_ handler: @escaping @MainActor () -> Void) {
        for adjustment in [gtk_scrolled_window_get_hadjustment(opaque), gtk_scrolled_window_get_vadjustment(opaque)] {
            guard let adjustment else { continue }
            let object = ObjectRef(borrowing: UnsafeMutableRawPointer(adjustment))
            object.on("value-changed", handler)
            object.on("changed", handler)
        }
    }
}
