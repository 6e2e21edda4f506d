import CGtk

/// GtkCheckButton: a labelled check box (or a radio button when grouped).
@MainActor
public final class CheckButton: Widget {
    override public class var gType: GType { gtk_check_button_get_type() }

    public var checkButton: UnsafeMutablePointer<GtkCheckButton> { ptr() }

    public convenience init(label: String? = nil) {
        self.init(owning: UnsafeMutableRawPointer(gtk_check_button_new_with_mnemonic(label)))
    }

    public var isActive: Bool {
        get { gtk_check_button_get_active(checkButton) != 0 }
        set { gtk_check_button_set_active(checkButton, newValue ? 1 : 0) }
    }

    public var label: String? {
        get { gtk_check_button_get_label(checkButton).map { String(cString: $0) } }
        set { gtk_check_button_set_label(checkButton, newValue) }
    }

    /// Makes this a radio button in the same group as `other`.
    public func setGroup(_ other: CheckButton?) {
        gtk_check_button_set_group(checkButton, other?.checkButton)
    }

    /// "toggled": after `isActive` changed, by the user or in code.
    @discardableResult
    public func onToggled(_ handler: @escaping @MainActor (Bool) -> Void) -> SignalHandlerID {
        Signal.connect(raw, "toggled") { sender in
            handler(gtk_check_button_get_active(sender.assumingMemoryBound(to: GtkCheckButton.self)) != 0)
        }
    }
}

/// GtkSwitch: an on/off control for settings that apply immediately.
@MainActor
public final class Switch: Widget {
    override public class var gType: GType { gtk_switch_get_type() }

    public convenience init() {
        self.init(owning: UnsafeMutableRawPointer(gtk_switch_new()))
    }

    public var isActive: Bool {
        get { gtk_switch_get_active(opaque) != 0 }
        set { gtk_switch_set_active(opaque, newValue ? 1 : 0) }
    }

    /// Runs after the switch's position changed ("notify::active").
    @discardableResult
    public func onActiveChanged(_ handler: @escaping @MainActor (Bool) -> Void) -> SignalHandlerID {
        Signal.connectPointer(raw, "notify::active") { sender, _ in
            handler(gtk_switch_get_active(OpaquePointer(sender)) != 0)
        }
    }
}
