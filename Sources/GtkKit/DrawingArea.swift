import CGtk

/// A GtkDrawingArea: a widget whose content a closure draws with Cairo, at its current size.
/// `queueDraw()` asks for a new frame when what it shows changed.
@MainActor
public final class DrawingArea: Widget {
    override public class var gType: GType { gtk_drawing_area_get_type() }

    private final class Painter {
        var draw: (@MainActor (_ context: OpaquePointer, _ width: Int, _ height: Int) -> Void)?
    }

    private let painter = Painter()

    public convenience init() {
        self.init(borrowing: UnsafeMutableRawPointer(gtk_drawing_area_new()))
        let data = Unmanaged.passRetained(painter).toOpaque()
        gtk_drawing_area_set_draw_func(ptr(), { _, context, width, height, data in
            guard let context, let data else { return }
            let painter = Unmanaged<Painter>.fromOpaque(data).takeUnretainedValue()
            nonisolated(unsafe) let cairo = context
            MainActor.assumeIsolated { painter.draw?(cairo, Int(width), Int(height)) }
        }, data, { data in
            guard let data else { return }
            Unmanaged<Painter>.fromOpaque(data).release()
        })
    }

    /// Draws the area: `context` is its `cairo_t *`, the origin its top-left corner.
    public func onDraw(_ draw: @escaping @MainActor (_ context: OpaquePointer, _ width: Int, _ height: Int) -> Void) {
        painter.draw = draw
        queueDraw()
    }

    public func queueDraw() { gtk_widget_queue_draw(widget) }
}

extension Window {
    /// Fills the whole monitor, without decorations (a projector's screen).
    public func fullscreen() { gtk_window_fullscreen(gtkWindow) }
    public func unfullscreen() { gtk_window_unfullscreen(gtkWindow) }
    public var isFullscreen: Bool { gtk_window_is_fullscreen(gtkWindow) != 0 }
}
