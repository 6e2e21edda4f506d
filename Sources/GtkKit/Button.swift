import CGtk

/// GtkButton. Prefer binding to actions (`actionName = "win.save"`) so the button follows the
/// action's enabled state; use `onClicked` for purely local behaviour.
@MainActor
public class Button: Widget {
    override public class var gType: GType { gtk_button_get_type() }

    public var button: UnsafeMutablePointer<GtkButton> { ptr() }

    /// A text button. An underscore marks the mnemonic ("_Save": Alt+S), as in GNOME's
    /// own dialogs; write "__" for a literal underscore.
    ///
    /// The text is a label of its own inside the button, and the button's accessible name is
    /// that text without the underscore: GTK 4.8 names a button made with
    /// gtk_button_new_with_mnemonic twice over ("_Save Save"), and screen readers say both.
    public convenience init(label: String) {
        self.init(owning: UnsafeMutableRawPointer(gtk_button_new()))
        self.label = label
    }

    /// A button without a child, for something drawn beneath it (a week grid's class): give it
    /// an accessible label.
    public convenience init() {
        self.init(owning: UnsafeMutableRawPointer(gtk_button_new()))
    }

    /// An icon-only button. It has no text, so give it an accessible label and a tooltip.
    public convenience init(iconName: String, accessibleLabel: String) {
        self.init(owning: UnsafeMutableRawPointer(gtk_button_new_from_icon_name(iconName)))
        setAccessibleLabel(accessibleLabel)
        tooltip = accessibleLabel
    }

    /// The button's text, with its mnemonic underscore. Setting it puts the text in a label of
    /// its own (see `init(label:)`); a button from a builder file keeps its own child until then.
    public var label: String? {
        get {
            if let child = gtk_button_get_child(button), cgtk_is_a(child, gtk_label_get_type()) != 0 {
                return String(cString: gtk_label_get_label(OpaquePointer(child)))
            }
            return gtk_button_get_label(button).map { String(cString: $0) }
        }
        set {
            guard let newValue else {
                gtk_button_set_child(button, nil)
                return
            }
            let text = gtk_label_new_with_mnemonic(newValue)!
            gtk_button_set_child(button, text)
            setAccessibleLabel(Self.withoutMnemonic(newValue))
        }
    }

    /// "_Save" as it is read: "Save" ("__" stays one underscore).
    static func withoutMnemonic(_ text: String) -> String {
        var result = ""
        var escaped = false
        for character in text {
            if character == "_" && !escaped {
                escaped = true
                continue
            }
            escaped = false
            result.append(character)
        }
        return result
    }

    public var iconName: String? {
        get { gtk_button_get_icon_name(button).map { String(cString: $0) } }
        set { gtk_button_set_icon_name(button, newValue) }
    }

    /// The detailed action run on click ("win.save", "app.open-item(int64 42)" via target).
    public var actionName: String? {
        get { gtk_actionable_get_action_name(opaque).map { String(cString: $0) } }
        set { gtk_actionable_set_action_name(opaque, newValue) }
    }

    /// Sets the action and its target in one go, e.g. `setDetailedAction("win.open(int64 42)")`.
    public func setDetailedAction(_ detailedName: String) {
        gtk_actionable_set_detailed_action_name(opaque, detailedName)
    }

    public var hasFrame: Bool {
        get { gtk_button_get_has_frame(button) != 0 }
        set { gtk_button_set_has_frame(button, newValue ? 1 : 0) }
    }

    @discardableResult
    public func onClicked(_ handler: @escaping @MainActor () -> Void) -> SignalHandlerID {
        on("clicked", handler)
    }

    /// Emits "clicked" as if the user had clicked (tests, keyboard shortcuts).
    public func click() { cgtk_signal_emit_void(raw, "clicked") }
}
