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
    /// Scrolls the least needed to show the whole row `widget` is in (the nearest list-box
    /// row around it), and the `followingRows` visible rows right after that one (what a form
    /// writes under a field, such as its problem); outside a row, `widget` itself. Focusing a
    /// widget scrolls only as far as the widget. More than the view holds shows from the top.
    public func reveal(_ widget: Widget, followingRows: Int = 0) {
        guard let content = gtk_scrolled_window_get_child(opaque) else { return }
        var first = widget.widget
        var ancestor = gtk_widget_get_parent(first)
        while let current = ancestor, current != content {
            if cgtk_is_a(current, gtk_list_box_row_get_type()) != 0 {
                first = current
                break
            }
            ancestor = gtk_widget_get_parent(current)
        }
        var last = first
        if cgtk_is_a(first, gtk_list_box_row_get_type()) != 0 {
            var next = gtk_widget_get_next_sibling(first)
            var left = followingRows
            while left > 0, let row = next, gtk_widget_get_visible(row) != 0 {
                last = row
                left -= 1
                next = gtk_widget_get_next_sibling(row)
            }
        }
        var top = graphene_rect_t(), bottom = graphene_rect_t()
        guard gtk_widget_compute_bounds(first, content, &top) != 0,
              gtk_widget_compute_bounds(last, content, &bottom) != 0 else { return }
        // The viewport's child moves as it scrolls: its coordinates are the view's.
        let start = Double(top.origin.y) + verticalOffset
        let end = Double(bottom.origin.y + bottom.size.height) + verticalOffset
        scrollToShow(top: start, height: min(end - start, verticalExtent.visible))
    }

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
