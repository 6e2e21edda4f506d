import CGtk

/// GtkProgressBar: how far a long task has come (0...1).
@MainActor
public final class ProgressBar: Widget {
    override public class var gType: GType { gtk_progress_bar_get_type() }

    public convenience init() {
        self.init(owning: UnsafeMutableRawPointer(gtk_progress_bar_new()))
    }

    /// The filled part, clamped to 0...1.
    public var fraction: Double {
        get { gtk_progress_bar_get_fraction(opaque) }
        set { gtk_progress_bar_set_fraction(opaque, min(1, max(0, newValue))) }
    }

    /// Text shown on the bar when `showsText`; also what screen readers say about it.
    public var text: String? {
        get { gtk_progress_bar_get_text(opaque).map { String(cString: $0) } }
        set { gtk_progress_bar_set_text(opaque, newValue) }
    }

    public var showsText: Bool {
        get { gtk_progress_bar_get_show_text(opaque) != 0 }
        set { gtk_progress_bar_set_show_text(opaque, newValue ? 1 : 0) }
    }

    /// Moves the bar's block along once: for a task whose length is not known ahead, each step
    /// of it (a page pulled) shows that it still goes on.
    public func pulse() {
        gtk_progress_bar_pulse(opaque)
    }
}
