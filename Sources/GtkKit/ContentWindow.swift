import CGtk

/// AdwWindow: a window whose single content fills it edge to edge (the header bar is part of
/// the content). The shape of editor dialogs and secondary windows in libadwaita 1.2, which
/// has no AdwDialog (1.5).
@MainActor
public final class ContentWindow: Window {
    override public class var gType: GType { adw_window_get_type() }

    /// A modal window over `parent` (pass nil for an independent window).
    public convenience init(parent: Window?, title: String, modal: Bool = true) {
        self.init(borrowing: UnsafeMutableRawPointer(adw_window_new()))
        self.title = title
        setTransientFor(parent)
        isModal = modal
        // Closing a dialog should free it, not hide it for reuse.
        gtk_window_set_hide_on_close(gtkWindow, 0)
        gtk_window_set_destroy_with_parent(gtkWindow, 1)
    }

    public var content: Widget? {
        get { adw_window_get_content(ptr()).map { Widget(borrowing: UnsafeMutableRawPointer($0)) } }
        set { adw_window_set_content(ptr(), newValue?.widget) }
    }
}
