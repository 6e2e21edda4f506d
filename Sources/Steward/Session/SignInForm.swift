import Foundation
import GtkKit
import StewardCore
import Translation

/// The sign-in form of the Sync page: store address, email, password, the organization's CA
/// file when it has its own certificate authority, and a message in plain words when signing in
/// does not work. A failed attempt keeps everything typed; the password is never kept anywhere
/// (the core stores only the store's tokens).
///
/// A plain http:// address on another computer is refused unless the person ticks a box that
/// says what is at stake; the box shows only for such an address, and is never ticked for them.
@MainActor
final class SignInForm {
    private let address: Entry
    private let email: Entry
    private let password: PasswordEntry
    private let caFile: Entry
    private let caFileButton: Button
    private let allowInsecure: CheckButton
    private let button: Button
    private let spinner: Spinner
    private let message: Label
    private let window: Window
    private var chooser: FileChooser?
    private var isSigningIn = false

    /// Asked to sign in with what is typed: (store address, email, password, how the store is
    /// reached). Returns the error to show, or nil when signed in.
    var signIn: ((String, String, String, TransportSecurity) async -> Error?)?

    init(ui: Builder, window: Window) {
        self.window = window
        address = ui.object("store_address_entry")
        email = ui.object("email_entry")
        password = ui.object("password_entry")
        caFile = ui.object("ca_file_entry")
        caFileButton = ui.object("ca_file_button")
        allowInsecure = ui.object("allow_insecure_check")
        button = ui.object("sign_in_button")
        spinner = ui.object("sign_in_spinner")
        message = ui.object("sign_in_message")
        message.keepAccessibleName(tr("Sign-in message"))

        button.onClicked { [weak self] in self?.submit() }
        caFileButton.onClicked { [weak self] in self?.chooseCAFile() }
        // Enter in any field signs in, as the default button would.
        address.onActivate { [weak self] in self?.submit() }
        email.onActivate { [weak self] in self?.submit() }
        password.onActivate { [weak self] in self?.submit() }
        caFile.onActivate { [weak self] in self?.submit() }
        // Typing in a field marked wrong takes the mark away; the next attempt checks again.
        address.onChanged { [weak self] in
            self?.clearProblem(self?.address)
            self?.updateInsecureChoice()
        }
        email.onChanged { [weak self] in self?.clearProblem(self?.email) }
        password.onChanged { [weak self] in self?.clearProblem(self?.password) }
        caFile.onChanged { [weak self] in self?.clearProblem(self?.caFile) }
    }

    /// The button Enter should press while the form is on screen.
    var defaultWidget: Widget { button }

    /// Starts over for an organization: the address, email and security it was last signed in
    /// with (if any), an empty password, no message.
    func reset(address storeAddress: String, email staffEmail: String, security: TransportSecurity) {
        address.text = storeAddress
        email.text = staffEmail
        caFile.text = security.caFile ?? ""
        password.text = ""
        allowInsecure.isActive = security.allowInsecure
        updateInsecureChoice()
        showMessage(nil)
        for field in [address, email, password, caFile] as [Widget] { clearProblem(field) }
    }

    /// The box for plain http:// shows only while the address is http:// to another computer;
    /// it is unticked whenever it goes away, so it never applies to an address it was not shown for.
    private func updateInsecureChoice() {
        let needed = Loopback.isUnencryptedOffLoopback(address.text)
        if !needed { allowInsecure.isActive = false }
        allowInsecure.isVisible = needed
    }

    private func chooseCAFile() {
        guard chooser == nil else { return }
        let chooser = FileChooser(.open, title: tr("Choose Your Organization’s CA Certificate"), parent: window,
                                  acceptLabel: tr("_Choose"))
        chooser.addFilter(name: tr("Certificates (PEM)"), patterns: ["*.pem", "*.crt", "*.cer"], allFilesName: tr("All files"))
        chooser.onChosen = { [weak self] path in
            guard let self else { return }
            self.chooser = nil
            if let path { self.caFile.text = path }
        }
        self.chooser = chooser
        chooser.show()
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
        let caPath = caFile.text.trimmingCharacters(in: .whitespaces)
        let security = TransportSecurity(allowInsecure: allowInsecure.isVisible && allowInsecure.isActive,
                                         caFile: caPath.isEmpty ? nil : caPath)
        Task {
            let error = await signIn(typed.0, typed.1, typed.2, security)
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
        for field in [address, email, password, caFile, caFileButton, allowInsecure] as [Widget] { field.isSensitive = !busy }
    }

    private func show(_ error: Error) {
        switch error {
        case let invalid as ValidationError:
            showMessage(invalid.issues.map { Self.sentence(for: $0) }.joined(separator: "\n"))
            var first: Widget?
            for issue in invalid.issues {
                guard let field = widget(for: issue.field) else { continue }
                markProblem(field)
                if first == nil { first = field }
            }
            first?.grabFocus()
        case let insecure as InsecureConnectionError:
            showMessage(tr("{problem}. Use an https:// address, or tick “Connect without encryption” if you accept that risk.",
                           ["problem": insecure.problem]))
            updateInsecureChoice()
            markProblem(address)
            allowInsecure.grabFocus()
        case let refused as SignInError:
            switch refused {
            case .wrongCredentials:
                showMessage(refused.message)
                markProblem(password)
                password.grabFocus()
                password.selectAll()
            case .untrustedCertificate(let url, let reason):
                showMessage(tr("The certificate of the store at {url} is not trusted: {reason}. Check the address; if your organization has its own certificate authority, choose its CA certificate as the CA file.",
                               ["url": url, "reason": reason]))
                markProblem(caFile)
                caFile.grabFocus()
            default:
                showMessage(refused.message)
            }
        case let sync as SyncError:
            showMessage(SyncStatusIndicator.sentence(sync.description))
        default:
            showMessage(SyncStatusIndicator.sentence("\(error)"))
        }
    }

    /// A field the message is about: outlined in red, and heard by screen readers as invalid,
    /// with the message as its error.
    private func markProblem(_ field: Widget) {
        field.addCSSClass("error")
        field.tieProblem(message)
    }

    private func clearProblem(_ field: Widget?) {
        field?.removeCSSClass("error")
        field?.tieProblem(nil)
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
        case "ca-file": caFile
        default: nil
        }
    }

    /// "Store address is required, like https://store.example.org": the field as the form names it.
    static func sentence(for issue: ValidationIssue) -> String {
        let name: String
        switch issue.field {
        case "url": name = tr("Store address")
        case "email": name = tr("Email")
        case "password": name = tr("Password")
        case "ca-file": name = tr("CA file")
        default: name = issue.field.prefix(1).uppercased() + issue.field.dropFirst()
        }
        let text = tr("{field} {problem}", ["field": name, "problem": issue.message])
        return text.hasSuffix(".") ? text : text + "."
    }
}
