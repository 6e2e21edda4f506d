import CGtk

/// A label that shortens its text with "…" shows the whole text in a tooltip while, and only
/// while, it is shortened: a value cut off in a narrow column or window (or in a longer
/// language) can still be read in full by hovering it. Only a shortened label answers the
/// tooltip query, so a label that fits shows none, and screen readers, which get the label's
/// whole text anyway, do not hear it twice (a tooltip's text would become the accessible
/// description). Every ellipsizing label gets it: `Label.ellipsize` and `Builder` install it.
enum FullTextTooltip {
    private static let installedKey = "gtkkit-full-text-tooltip"

    /// Installs the tooltip on `label` (a GtkLabel) once; later calls do nothing.
    @MainActor
    static func install(on label: UnsafeMutableRawPointer) {
        guard g_object_get_data(label.assumingMemoryBound(to: GObject.self), installedKey) == nil else { return }
        g_object_set_data(label.assumingMemoryBound(to: GObject.self), installedKey, UnsafeMutableRawPointer(bitPattern: 1))
        gtk_widget_set_has_tooltip(label.assumingMemoryBound(to: GtkWidget.self), 1)
        _ = cgtk_signal_connect(label, "query-tooltip", unsafeBitCast(queryTooltip, to: UnsafeRawPointer.self), nil, nil)
    }

    /// Every ellipsizing label a builder made, and those inside the widgets it made (the title
    /// and subtitle labels libadwaita builds into an AdwWindowTitle, say).
    @MainActor
    static func installOnEllipsizingLabels(of builder: OpaquePointer) {
        guard let objects = gtk_builder_get_objects(builder) else { return }
        defer { g_slist_free(objects) }
        var link: UnsafeMutablePointer<GSList>? = objects
        while let node = link {
            // From each widget at the top of the file's trees; the walk reaches the rest.
            if let object = node.pointee.data {
                SearchEntry.keepRoomForPlaceholder(of: object)
            }
            if let object = node.pointee.data, cgtk_is_a(object, gtk_widget_get_type()) != 0,
               gtk_widget_get_parent(object.assumingMemoryBound(to: GtkWidget.self)) == nil {
                installOnEllipsizingLabels(inside: object.assumingMemoryBound(to: GtkWidget.self))
            }
            link = node.pointee.next
        }
    }

    @MainActor
    static func installOnEllipsizingLabels(inside widget: UnsafeMutablePointer<GtkWidget>) {
        if cgtk_is_a(widget, gtk_label_get_type()) != 0,
           gtk_label_get_ellipsize(OpaquePointer(widget)) != PANGO_ELLIPSIZE_NONE {
            install(on: UnsafeMutableRawPointer(widget))
        }
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            installOnEllipsizingLabels(inside: current)
            child = gtk_widget_get_next_sibling(current)
        }
    }

    /// "query-tooltip": the label's whole text while its layout is shortened, else no tooltip.
    private static let queryTooltip: @convention(c) (UnsafeMutableRawPointer?, gint, gint, gboolean,
                                                     OpaquePointer?, UnsafeMutableRawPointer?) -> gboolean = {
        label, _, _, _, tooltip, _ in
        guard let label, let tooltip else { return 0 }
        let opaque = OpaquePointer(label)
        guard gtk_label_get_ellipsize(opaque) != PANGO_ELLIPSIZE_NONE,
              pango_layout_is_ellipsized(gtk_label_get_layout(opaque)) != 0 else { return 0 }
        gtk_tooltip_set_text(tooltip, gtk_label_get_text(opaque))
        return 1
    }
}

extension Widget {
    /// Gives every label inside this widget that shortens its text with "…" the whole text on
    /// hover (`FullTextTooltip`), including those a library widget built after its file was
    /// read (the buttons an AdwViewSwitcher makes for its pages, a field's placeholder). Cheap:
    /// call it when a page is shown.
    public func showFullTextOfShortenedLabels() {
        FullTextTooltip.installOnEllipsizingLabels(inside: widget)
    }
}
