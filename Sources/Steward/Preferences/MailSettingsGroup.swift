import Foundation
import GtkKit
import StewardCore
import Translation

/// Preferences' "Mail" group, for the organization shown: its mail server, user name, password
/// and From address, kept when Save or Send Test Message is pressed (the password in the keyring
/// or the private credentials file, the rest in the database), and the result of the last of
/// those under them. A test message goes to the From address. Sending runs off the main thread
/// (`SMTPSender`'s queue); the buttons wait, insensitive, until it is done.
@MainActor
final class MailSettingsGroup {
    private let group: PreferencesGroup
    private let serverRow: EntryRow
    private let userRow: EntryRow
    private let passwordRow: PasswordEntryRow
    private let fromRow: EntryRow
    private let statusRow: ActionRow
    private let saveButton: Button
    private let testButton: Button
    private let organization: Organization?
    private let service: MailService?

    init(ui: Builder, organization: Organization?, service: MailService?) {
        group = ui.object("mail_group")
        serverRow = ui.object("mail_server_row")
        userRow = ui.object("mail_user_row")
        passwordRow = ui.object("mail_password_row")
        fromRow = ui.object("mail_from_row")
        statusRow = ui.object("mail_status_row")
        saveButton = ui.object("mail_save_button")
        testButton = ui.object("mail_test_button")
        self.organization = organization
        self.service = service
        group.isVisible = organization != nil && service != nil
        guard let organization, let service else { return }
        saveButton.setAccessibleLabel(tr("Save mail settings"))
        testButton.setAccessibleLabel(tr("Send test message"))
        saveButton.onClicked { [weak self] in self?.run(test: false) }
        testButton.onClicked { [weak self] in self?.run(test: true) }
        Task {
            guard let settings = try? await service.settings(for: organization) else { return }
            serverRow.text = settings.server.url
            userRow.text = settings.user
            fromRow.text = settings.from
            statusRow.subtitle = tr("Mail goes through {url}", ["url": settings.server.url])
            let kept = await Task.detached { service.hasPassword(for: organization) }.value
            if kept || settings.passwordFile != nil { passwordRow.title = tr("Mail Password (kept; type to change it)") }
        }
    }

    /// Keeps what was typed; then, for a test, sends one to the From address.
    private func run(test: Bool) {
        guard let organization, let service else { return }
        let password = passwordRow.text
        let input = MailSettingsInput(smtpURL: serverRow.text, user: userRow.text, from: fromRow.text,
                                      password: password.isEmpty ? .keep : .set(password))
        setBusy(true, saying: test ? tr("Sending a test message…") : tr("Saving…"))
        Task {
            defer { setBusy(false, saying: nil) }
            let settings: MailSettings
            do {
                settings = try await service.save(input, for: organization)
            } catch let error as ValidationError {
                statusRow.subtitle = Self.text(of: error)
                return
            } catch {
                statusRow.subtitle = tr("Not saved: {problem}", ["problem": "\(error)"])
                return
            }
            serverRow.text = settings.server.url
            if !password.isEmpty {
                passwordRow.text = ""
                passwordRow.title = tr("Mail Password (kept; type to change it)")
            }
            guard test else {
                statusRow.subtitle = tr("Saved: mail goes through {url}", ["url": settings.server.url])
                return
            }
            do {
                let entry = try await service.send(to: settings.from, subject: TestMail.subject(organization: organization.name),
                                                   body: TestMail.body(organization: organization.name),
                                                   purpose: MailPurpose(.test), in: organization)
                statusRow.subtitle = entry.error.map { tr("Test message not sent: {reason}", ["reason": $0]) }
                    ?? tr("Test message sent to {address}", ["address": settings.from])
            } catch {
                statusRow.subtitle = tr("Test message not sent: {reason}", ["reason": "\(error)"])
            }
        }
    }

    private func setBusy(_ busy: Bool, saying text: String?) {
        saveButton.isSensitive = !busy
        testButton.isSensitive = !busy
        if let text { statusRow.subtitle = text }
    }

    /// The first problem, with the row it is about.
    private static func text(of error: ValidationError) -> String {
        guard let issue = error.issues.first else { return error.description }
        let row = switch issue.field {
        case "smtp": tr("Mail Server")
        case "user": tr("Mail User Name")
        case "password", "password-file": tr("Mail Password")
        case "from": tr("From Address")
        default: issue.field
        }
        return tr("Not saved: {row} {problem}", ["row": row, "problem": issue.message])
    }
}
