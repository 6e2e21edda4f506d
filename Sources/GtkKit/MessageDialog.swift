import CGtk

/// AdwMessageDialog (GtkAlertDialog is GTK 4.10): a question with a few responses.
///
///     let dialog = MessageDialog(parent: window, heading: "Delete item?", body: "This cannot be undone.")
///     dialog.addResponse("cancel", "_Cancel")
///     dialog.addResponse("delete", "_Delete", appearance: .destructive)
///     dialog.present { response in if response == "delete" { ... } }
@MainActor
public final class MessageDialog: Window {
    override public class var gType: GType { adw_message_dialog_get_type() }

    public enum Appearance: Sendable {
        case normal, suggested, destructive

        var adw: AdwResponseAppearance {
            switch self {
            case .normal: ADW_RESPONSE_DEFAULT
            case .suggested: ADW_RESPONSE_SUGGESTED
            case .destructive: ADW_RESPONSE_DESTRUCTIVE
            }
        }
    }

    public convenience init(parent: Window?, heading: String, body: String? = nil) {
        self.init(borrowing: UnsafeMutableRawPointer(adw_message_dialog_new(parent?.gtkWindow, heading, body)))
    }

    public var heading: String? {
        get { adw_message_dialog_get_heading(ptr()).map { String(cString: $0) } }
        set { adw_message_dialog_set_heading(ptr(), newValue) }
    }

    public var body: String {
        get { String(cString: adw_message_dialog_get_body(ptr())) }
        set { adw_message_dialog_set_body(ptr(), newValue) }
    }

    /// Adds a button; `id` is what the response callback receives, `label` may have a mnemonic.
    public func addResponse(_ id: String, _ label: String, appearance: Appearance = .normal) {
        adw_message_dialog_add_response(ptr(), id, label)
        if appearance != .normal { adw_message_dialog_set_response_appearance(ptr(), id, appearance.adw) }
    }

    /// Whether a response can be chosen (a reason must be typed first, say).
    public func setResponseEnabled(_ id: String, _ enabled: Bool) {
        adw_message_dialog_set_response_enabled(ptr(), id, enabled ? 1 : 0)
    }

    /// The response Enter triggers.
    public var defaultResponse: String? {
        get { adw_message_dialog_get_default_response(ptr()).map { String(cString: $0) } }
        set { adw_message_dialog_set_default_response(ptr(), newValue) }
    }

    /// The response Escape and the close button send (default "close").
    public var closeResponse: String {
        get { String(cString: adw_message_dialog_get_close_response(ptr())) }
        set { adw_message_dialog_set_close_response(ptr(), newValue) }
    }

    /// Extra content under the body (an entry, a check button).
    public func setExtraChild(_ child: Widget?) { adw_message_dialog_set_extra_child(ptr(), child?.widget) }

    /// "response": runs once with the chosen id; the dialog closes itself afterwards.
    @discardableResult
    public func onResponse(_ handler: @escaping @MainActor (String) -> Void) -> SignalHandlerID {
        Signal.connectPointer(raw, "response") { _, response in
            handler(response.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? "")
        }
    }

    /// Shows the dialog and runs `handler` with the response.
    public func present(_ handler: @escaping @MainActor (String) -> Void) {
        onResponse(handler)
        present()
    }

    /// Emits "response" as if the user had chosen `id` (tests).
    public func respond(_ id: String) { adw_message_dialog_response(ptr(), id) }
}
