import CGtk

extension Window {
    /// The button Enter activates anywhere in the window, if one is set.
    public var defaultWidget: Widget? {
        gtk_window_get_default_widget(gtkWindow).map { Widget(borrowing: UnsafeMutableRawPointer($0)) }
    }
}
