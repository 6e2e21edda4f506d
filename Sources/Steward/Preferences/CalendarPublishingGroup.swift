import Foundation
import GtkKit
import StewardCore
import Translation

/// Preferences' "Calendar Publishing" group, for the organization shown: the CalDAV calendar's
/// address, user name and password, kept when Publish Now is pressed (the address and user in
/// the database, the password with the credentials), and the last result under it. Publishing
/// runs off the main thread; the button waits, insensitive, until it is done.
@MainActor
final class CalendarPublishingGroup {
    private let group: PreferencesGroup
    private let addressRow: EntryRow
    private let userRow: EntryRow
    private let passwordRow: PasswordEntryRow
    private let statusRow: ActionRow
    private let publishButton: Button
    private let organization: Organization?
    private let service: CalendarPublishingService?

    /// The last result shown for each organization while the console runs, so the window
    /// opened again still says how the last publish went.
    private static var lastResults: [UUID: String] = [:]

    init(ui: Builder, organization: Organization?, service: CalendarPublishingService?) {
        group = ui.object("calendar_publishing_group")
        addressRow = ui.object("caldav_address_row")
        userRow = ui.object("caldav_user_row")
        passwordRow = ui.object("caldav_password_row")
        statusRow = ui.object("caldav_status_row")
        publishButton = ui.object("caldav_publish_button")
        self.organization = organization
        self.service = service
        // Without an organization there is nothing to publish: no row that cannot work.
        group.isVisible = organization != nil && service != nil
        guard let organization, let service else { return }
        group.groupDescription = tr("The events of {organization} in a CalDAV calendar that staff see in GNOME Calendar, Thunderbird or their phones. Only what changed is sent.",
                                    ["organization": organization.name])
        if let last = Self.lastResults[organization.id] { statusRow.subtitle = last }
        publishButton.onClicked { [weak self] in self?.publishNow() }
        Task {
            let settings = try? await service.settings(for: organization)
            addressRow.text = settings?.url ?? ""
            userRow.text = settings?.user ?? ""
            if service.hasPassword(for: organization) { passwordRow.title = tr("Password (kept; type to change it)") }
        }
    }

    private func publishNow() {
        guard let organization, let service else { return }
        group.groupDescription = tr("The events of {organization} in a CalDAV calendar that staff see in GNOME Calendar, Thunderbird or their phones. Only what changed is sent.",
                                    ["organization": organization.name])
        let address = addressRow.text, user = userRow.text, password = passwordRow.text
        publishButton.isSensitive = false
        statusRow.subtitle = tr("Publishing…")
        Task {
            let shown: String
            do {
                try await service.save(url: address, user: user, password: password.isEmpty ? nil : password, for: organization)
                if !password.isEmpty {
                    passwordRow.text = ""
                    passwordRow.title = tr("Password (kept; type to change it)")
                }
                shown = Self.text(of: try await service.publish(organization))
            } catch {
                shown = tr("Not published: {problem}", ["problem": "\(error)"])
            }
            Self.lastResults[organization.id] = shown
            statusRow.subtitle = shown
            publishButton.isSensitive = true
        }
    }

    /// The summary's figures, and in plain words what was not published.
    static func text(of result: CalendarPublishResult) -> String {
        var lines = [tr("{added} added, {updated} updated, {removed} removed, {unchanged} unchanged",
                        ["added": String(result.added.count), "updated": String(result.updated.count),
                         "removed": String(result.removed.count), "unchanged": String(result.unchanged)])]
        if !result.conflicts.isEmpty {
            lines.append(trn("{count} event was changed on the calendar server since the last publish and was left as it is there: {titles}",
                             "{count} events were changed on the calendar server since the last publish and were left as they are there: {titles}",
                             result.conflicts.count, ["titles": result.conflicts.map(\.title).joined(separator: ", ")]))
        }
        if !result.failures.isEmpty {
            lines.append(trn("{count} event was refused by the calendar server: {titles}",
                             "{count} events were refused by the calendar server: {titles}",
                             result.failures.count, ["titles": result.failures.map { "\($0.title) (\($0.reason))" }.joined(separator: ", ")]))
        }
        return lines.joined(separator: "\n")
    }
}
