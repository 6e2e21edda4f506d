import CGtk

/// Renders a widget (or a whole window) to a PNG file in-process, with the window's own
/// renderer: no X server screenshot tools, and it works for one widget of a larger window.
public enum Screenshot {
    public enum Failure: Error, CustomStringConvertible {
        case notRealized, emptySize, nothingDrawn, saveFailed(String)

        public var description: String {
            switch self {
            case .notRealized: "the widget is not in a realized window"
            case .emptySize: "the widget has no size yet (not laid out)"
            case .nothingDrawn: "the widget drew nothing"
            case .saveFailed(let path): "could not write \(path)"
            }
        }
    }

    /// Saves what `widget` currently shows to `path`. The widget must be mapped and laid out:
    /// present its window and let the main loop run a frame first (see `waitUntilDrawn`).
    @MainActor
    public static func savePNG(_ widget: Widget, to path: String) throws {
        guard let native = gtk_widget_get_native(widget.widget),
              let renderer = gtk_native_get_renderer(native) else { throw Failure.notRealized }
        let width = gtk_widget_get_width(widget.widget), height = gtk_widget_get_height(widget.widget)
        guard width > 0, height > 0 else { throw Failure.emptySize }

        let paintable = gtk_widget_paintable_new(widget.widget)!
        defer { g_object_unref(UnsafeMutableRawPointer(paintable)) }
        let snapshot = gtk_snapshot_new()!
        // GtkSnapshot is a GdkSnapshot; both import as OpaquePointer.
        gdk_paintable_snapshot(paintable, snapshot, Double(width), Double(height))
        guard let node = gtk_snapshot_free_to_node(snapshot) else { throw Failure.nothingDrawn }
        defer { gsk_render_node_unref(node) }

        var viewport = graphene_rect_t()
        graphene_rect_init(&viewport, 0, 0, Float(width), Float(height))
        guard let texture = gsk_renderer_render_texture(renderer, node, &viewport) else {
            throw Failure.nothingDrawn
        }
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        guard gdk_texture_save_to_png(texture, path) != 0 else { throw Failure.saveFailed(path) }
    }

    /// Runs the main loop until `window` is mapped with a size and has drawn a few frames, or
    /// `timeout` seconds pass. Returns whether it got there.
    @MainActor
    @discardableResult
    public static func waitUntilDrawn(_ window: Window, timeout: Double = 5) -> Bool {
        let mapped = Gtk.iterate(until: { window.isMapped && window.allocatedWidth > 0 }, timeout: timeout)
        guard mapped else { return false }
        // Let pending layout and the first frames go through.
        let end = g_get_monotonic_time() + 200_000
        Gtk.iterate(until: { g_get_monotonic_time() > end }, timeout: 1)
        return true
    }
}
