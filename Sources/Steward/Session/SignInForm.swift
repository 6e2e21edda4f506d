import Foundation
import GtkKit
import StewardCore

/// The sign-in form of the Sync page: store address, email, password, and a message in plain
/// words when signing in does not work. A failed attempt keeps everything typed; the password
/// is never kept anywhere (the core stores only the store's tokens).
@MainActor
final class SignInForm {
    private let address: Entry
    private let email: Entry
    private let password: PasswordEntry
    private let button: Button
    private let spinner: Spinner
    private let message: Label
    private var isSigningIn = false

    /// Asked to sign in with what is typed: (store address, email, password). Returns the
    /// error to show, or nil when signed in.
    var signIn: ((String, String, String) async -> Error?)?

    init(ui: Builder) {
        address = ui.object("store_address_entry")
        email = ui.object("email_entry")
        password = ui.object("password_entry")
        button = ui.object("sign_in_button")
        spinner = ui.object("sign_in_spinner")
        message = ui.object("sign_in_message")
        message.keepAccessibleName("Sign-in message")

        button.onClicked { [weak self] in self?.submit() }
        // Enter in any field signs in, as the default button would.
        address.onActivate { [weak self] in self?.submit() }
        email.onActivate { [weak self] in self?.submit() }
        password.onActivate { [weak self] in self?.submit() }
        // Typing in a field marked wrong takes the mark away; the next attempt checks again.
        address.onChanged { [weak self] in self?.address.removeCSSClass("error") }
        email.onChanged { [weak self] in self?.email.removeCSSClass("error") }
        password.onChanged { [weak self] in self?.password.removeCSSClass("error") }
    }

    /// The button Enter should press while the form is on screen.
    var defaultWidget: Widget { button }

    /// Starts over for an organization: the address and email it was last signed in with (if
    /// any), an empty password, no message.
    func reset(address storeAddress: String, email staffEmail: String) {
        address.text = storeAddress
        email.text = staffEmail
        password.text = ""
        showMessage(nil)
        for field in [address, email, password] as [Widget] { field.removeCSSClass("error") }
    }

    /// The first empty field, for the keyboard to start in.
    func focusFirstEmpty() {
        if address.text.isEmpty { address.grabFocus() } else if email.text.isEmpty { email.grabFocus() } else { password.grabFocus() }
    }

    private func submit() {
        guard !isSigningIn, let signIn else { return }
        isSigningIn = true
        setBusy(true)
        showMessage(nil)
        let typed = (address.text, email.text, password.text)
        Task {
            let error = await signIn(typed.0, typed.1, typed.2)
            isSigningIn = false
            setBusy(false)
            if let error {
                show(error)
            } else {
                password.text = ""
            }
        }
    }

    private func setBusy(_ busy: Bool) {
        spinner.setActive(busy)
        button.isSensitive = !busy
        for field in [address, email, password] as [Widget] { field.isSensitive = !busy }
    }

    private func show(_ error: Error) {
        switch error {
        case let invalid as ValidationError:
            showMessage(invalid.issues.map { Self.sentence(for: $0) }.joined(separator: "\n"))
            var first: Widget?
            for issue in invalid.issues {
                guard let field = widget(for: issue.field) else { continue }
                field.addCSSClass("error")
                if first == nil { first = field }
            }
            first?.grabFocus()
        case let refused as SignInError:
            showMessage(refused.message)
            if refused == .wrongCredentials {
                password.grabFocus()
                password.selectAll()
            }
        case let sync as SyncError:
            showMessage(SyncStatusIndicator.sentence(sync.description))
        default:
            showMessage(SyncStatusIndicator.sentence("\(error)"))
        }
    }

    private func showMessage(_ text: String?) {
        message.text = text ?? ""
        message.isVisible = text != nil
        // Screen readers announce the message with the button that caused it.
        button.setAccessibleDescription(text ?? "")
    }

    private func widget(for field: String) -> Widget? {
        switch field {
        case "url": address
        case "email": email
        case "password": password
        default: nil
        }
    }

    /// "Store address is required, like http://127.0.0.1:8420": the field as the form names it.
    static func sentence(for issue: ValidationIssue) -> String {
        let name: String
        switch issue.field {
        case "url": name = "Store address"
        case "email": name = "Email"
        case "password": name = "Password"
        default: name = issue.field.prefix(1).uppercased() + issue.field.dropFirst()
        }
        let text = "\(name) \(issue.message)"
        return text.hasSuffix(".") ? text : text + "."
    }
}
