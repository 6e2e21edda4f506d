import CGtk

/// A GtkWindow (including dialogs and AdwApplicationWindow loaded from a builder file).
///
/// GTK owns toplevel windows (its window list holds a reference until `destroy()`), so wrappers
/// always add their own reference on top, even for windows they create.
@MainActor
public class Window: Widget {
    override public class var gType: GType { gtk_window_get_type() }

    public var gtkWindow: UnsafeMutablePointer<GtkWindow> { ptr() }

    /// A plain GtkWindow; prefer `ApplicationWindow` for the main window.
    public convenience init() {
        self.init(borrowing: UnsafeMutableRawPointer(gtk_window_new()))
    }

    public var title: String? {
        get { gtk_window_get_title(gtkWindow).map { String(cString: $0) } }
        set { gtk_window_set_title(gtkWindow, newValue) }
    }

    /// The size the window opens with (restore it from GSettings at startup).
    public var defaultSize: (width: Int, height: Int) {
        get {
            var w: gint = 0, h: gint = 0
            gtk_window_get_default_size(gtkWindow, &w, &h)
            return (Int(w), Int(h))
        }
        set { gtk_window_set_default_size(gtkWindow, gint(newValue.width), gint(newValue.height)) }
    }

    public var isMaximized: Bool { gtk_window_is_maximized(gtkWindow) != 0 }
    public func maximize() { gtk_window_maximize(gtkWindow) }
    public func unmaximize() { gtk_window_unmaximize(gtkWindow) }

    public var isModal: Bool {
        get { gtk_window_get_modal(gtkWindow) != 0 }
        set { gtk_window_set_modal(gtkWindow, newValue ? 1 : 0) }
    }

    /// Keeps a dialog above its parent and centred on it.
    public func setTransientFor(_ parent: Window?) {
        gtk_window_set_transient_for(gtkWindow, parent?.gtkWindow)
    }

    public func setApplication(_ app: Application?) {
        gtk_window_set_application(gtkWindow, app?.ptr())
    }

    /// The child of a plain GtkWindow. For AdwApplicationWindow use `ApplicationWindow.content`.
    public func setChild(_ child: Widget?) { gtk_window_set_child(gtkWindow, child?.widget) }

    /// The button activated by Enter anywhere in the window.
    public func setDefaultWidget(_ widget: Widget?) { gtk_window_set_default_widget(gtkWindow, widget?.widget) }

    /// The widget that has keyboard focus inside this window.
    public var focusWidget: Widget? {
        gtk_window_get_focus(gtkWindow).map { Widget(borrowing: UnsafeMutableRawPointer($0)) }
    }

    /// Shows the window and brings it to the front.
    public func present() { gtk_window_present(gtkWindow) }

    /// Asks the window to close, as the close button does ("close-request" runs first).
    public func close() { gtk_window_close(gtkWindow) }

    /// Drops GTK's reference and tears the window down without "close-request".
    public func destroy() { gtk_window_destroy(gtkWindow) }

    /// "close-request": return true to keep the window open (e.g. unsaved changes), false to
    /// let it close. Also the place to save the window size.
    @discardableResult
    public func onCloseRequest(_ handler: @escaping @MainActor () -> Bool) -> SignalHandlerID {
        Signal.connectBool(raw, "close-request") { _ in handler() }
    }
}

/// AdwApplicationWindow: a window whose content fills it edge to edge (the header bar is part
/// of the content), tied to the Application so its "win." actions and accelerators work.
@MainActor
public final class ApplicationWindow: Window {
    override public class var gType: GType { adw_application_window_get_type() }

    public convenience init(application: Application) {
        self.init(borrowing: UnsafeMutableRawPointer(adw_application_window_new(application.ptr())))
    }

    /// The window's single child (usually a box with an AdwHeaderBar and the page).
    public var content: Widget? {
        get { adw_application_window_get_content(ptr()).map { Widget(borrowing: UnsafeMutableRawPointer($0)) } }
        set { adw_application_window_set_content(ptr(), newValue?.widget) }
    }
}

extension Window: ActionMap {
    /// GtkApplicationWindow implements GActionMap; plain windows do not (adding fails loudly).
    public var actionMap: OpaquePointer {
        precondition(isA(gtk_application_window_get_type()), "\(typeName) is not a GActionMap")
        return opaque
    }
}
