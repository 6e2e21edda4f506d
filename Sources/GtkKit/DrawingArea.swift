import CGtk

/// GtkDrawingArea: a widget whose content the caller draws with Cairo each time GTK asks.
@MainActor
public final class DrawingArea: Widget {
    override public class var gType: GType { gtk_drawing_area_get_type() }

    /// Draws on the `cairo_t *` in a `width` × `height` area.
    public typealias Draw = @MainActor (_ context: OpaquePointer, _ width: Int, _ height: Int) -> Void

    private final class DrawBox {
        let draw: Draw
        init(_ draw: @escaping Draw) { self.draw = draw }
    }

    public convenience init() {
        self.init(owning: UnsafeMutableRawPointer(gtk_drawing_area_new()))
    }

    public var contentHeight: Int {
        get { Int(gtk_drawing_area_get_content_height(ptr(GtkDrawingArea.self))) }
        set { gtk_drawing_area_set_content_height(ptr(GtkDrawingArea.self), Int32(newValue)) }
    }

    /// Sets what the area draws (replacing what it drew), and draws it again.
    public func onDraw(_ draw: @escaping Draw) {
        let box = Unmanaged.passRetained(DrawBox(draw)).toOpaque()
        gtk_drawing_area_set_draw_func(ptr(GtkDrawingArea.self), { _, context, width, height, data in
            guard let context, let data else { return }
            let draw = Unmanaged<DrawBox>.fromOpaque(data).takeUnretainedValue().draw
            nonisolated(unsafe) let cairo = context
            MainActor.assumeIsolated { draw(cairo, Int(width), Int(height)) }
        }, box, { data in
            guard let data else { return }
            Unmanaged<DrawBox>.fromOpaque(data).release()
        })
    }

    /// Asks GTK to draw the area again (its data changed).
    public func redraw() { gtk_widget_queue_draw(widget) }
}

extension Window {
    /// Fills the whole monitor, without decorations (a projector's screen).
    public func fullscreen() { gtk_window_fullscreen(gtkWindow) }
    public func unfullscreen() { gtk_window_unfullscreen(gtkWindow) }
    public var isFullscreen: Bool { gtk_window_is_fullscreen(gtkWindow) != 0 }
}

extension Widget {
    /// The font GTK writes this widget's text in (family, size in points), for text drawn by
    /// hand to match the rest of the window.
    public var font: (family: String, points: Double) {
        guard let context = gtk_widget_get_pango_context(widget),
              let description = pango_context_get_font_description(context) else { return ("Sans", 11) }
        let family = pango_font_description_get_family(description).map { String(cString: $0) } ?? "Sans"
        var size = Double(pango_font_description_get_size(description)) / Double(PANGO_SCALE)
        if pango_font_description_get_size_is_absolute(description) != 0 { size = size * 72 / 96 }
        return (family, size > 0 ? size : 11)
    }
}
