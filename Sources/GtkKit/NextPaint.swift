import CGtk

/// Runs code once, right after a widget's window has next been painted: the moment a person
/// actually sees what was put on screen. Launch-time measurements hang on it.
@MainActor
public enum NextPaint {
    /// One-shot connection state shared between the handler and the code that connected it
    /// (a class, because the handler is a Sendable closure and cannot mutate captured vars).
    private final class OneShot {
        var id: SignalHandlerID?
        var fired = false
    }

    public static func after(_ widget: Widget, _ handler: @escaping @MainActor () -> Void) {
        if gtk_widget_get_realized(widget.widget) != 0 {
            hook(widget, handler)
        } else {
            let realize = OneShot()
            realize.id = widget.on("realize") { [weak widget] in
                guard let widget, !realize.fired else { return }
                realize.fired = true
                if let id = realize.id { widget.disconnect(id) }
                hook(widget, handler)
            }
        }
    }

    private static func hook(_ widget: Widget, _ handler: @escaping @MainActor () -> Void) {
        guard let clock = gtk_widget_get_frame_clock(widget.widget) else { return }
        let paint = OneShot()
        paint.id = Signal.connect(UnsafeMutableRawPointer(clock), "after-paint") { sender in
            guard !paint.fired else { return }
            paint.fired = true
            if let id = paint.id { Signal.disconnect(sender, id) }
            handler()
        }
        gtk_widget_queue_draw(widget.widget)
    }
}
