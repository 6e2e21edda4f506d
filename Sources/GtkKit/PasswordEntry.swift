import CGtk

/// GtkPasswordEntry: a field whose text shows as dots, with an optional eye icon to peek.
/// Screen readers know it as a password field and do not read its text aloud.
@MainActor
public final class PasswordEntry: Widget, Editable {
    override public class var gType: GType { gtk_password_entry_get_type() }

    public convenience init() {
        self.init(owning: UnsafeMutableRawPointer(gtk_password_entry_new()))
    }

    public var showsPeekIcon: Bool {
        get { gtk_password_entry_get_show_peek_icon(opaque) != 0 }
        set { gtk_password_entry_set_show_peek_icon(opaque, newValue ? 1 : 0) }
    }

    /// Makes Enter activate the window's default widget ("Sign In"). GTK 4.8 has the
    /// property but no accessor functions.
    public func setActivatesDefault(_ activates: Bool) {
        setProperty("activates-default", activates)
    }

    /// "activate": Enter pressed.
    @discardableResult
    public func onActivate(_ handler: @escaping @MainActor () -> Void) -> SignalHandlerID {
        on("activate", handler)
    }
}
