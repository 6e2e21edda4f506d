import Foundation
import GtkKit
import StewardCore
import Translation

/// Preferences' "Calendar Publishing" group, for the organization shown: the CalDAV calendar's
/// address, user name and password, kept when Publish Now is pressed (the address and user in
/// the database, the password with the credentials), whether to publish after each sync, and
/// the last result under them. Publishing runs off the main thread (`CalendarPublishRuns`); the
/// button waits, insensitive, until it is done.
@MainActor
final class CalendarPublishingGroup {
    private let group: PreferencesGroup
    private let addressRow: EntryRow
    private let userRow: EntryRow
    private let passwordRow: PasswordEntryRow
    private let afterSyncSwitch: Switch
    private let statusRow: ActionRow
    private let publishButton: Button
    private let organization: Organization?
    private let service: CalendarPublishingService?
    private let runs = CalendarPublishRuns.shared
    /// Set while the switch is moved to what is stored, so that is not stored again.
    private var showingStored = false

    init(ui: Builder, organization: Organization?, service: CalendarPublishingService?) {
        group = ui.object("calendar_publishing_group")
        addressRow = ui.object("caldav_address_row")
        userRow = ui.object("caldav_user_row")
        passwordRow = ui.object("caldav_password_row")
        afterSyncSwitch = ui.object("caldav_after_sync_switch")
        statusRow = ui.object("caldav_status_row")
        publishButton = ui.object("caldav_publish_button")
        self.organization = organization
        self.service = service
        // Without an organization there is nothing to publish: no row that cannot work.
        group.isVisible = organization != nil && service != nil
        guard let organization, let service else { return }
        group.groupDescription = tr("The events of {organization} in a CalDAV calendar that staff see in GNOME Calendar, Thunderbird or their phones. Only what changed is sent.",
                                    ["organization": organization.name])
        showStatus()
        runs.onChange = { [weak self] id in if id == organization.id { self?.showStatus() } }
        publishButton.onClicked { [weak self] in self?.publishNow() }
        afterSyncSwitch.onActiveChanged { [weak self] on in self?.afterSyncChosen(on) }
        afterSyncSwitch.isSensitive = false
        Task {
            let settings = try? await service.settings(for: organization)
            addressRow.text = settings?.url ?? ""
            userRow.text = settings?.user ?? ""
            showStored(settings)
            if service.hasPassword(for: organization) { passwordRow.title = tr("Password (kept; type to change it)") }
        }
    }

    /// The switch as stored; it can be turned on once a calendar is kept.
    private func showStored(_ settings: CalendarPublishingSettings?) {
        showingStored = true
        afterSyncSwitch.isActive = settings?.publishesAfterSync ?? false
        showingStored = false
        afterSyncSwitch.isSensitive = settings != nil
    }

    private func showStatus() {
        guard let organization else { return }
        let running = runs.isRunning(organization)
        publishButton.isSensitive = !running
        statusRow.subtitle = running ? tr("Publishing…") : runs.lastResults[organization.id] ?? tr("Not published yet")
    }

    private func publishNow() {
        guard let organization, let service else { return }
        let address = addressRow.text, user = userRow.text, password = passwordRow.text
        runs.publish(organization, service: service) { [weak self] in
            let settings = try await service.save(url: address, user: user, password: password.isEmpty ? nil : password, for: organization)
            guard let self else { return }
            self.addressRow.text = settings.url
            self.showStored(settings)
            if !password.isEmpty {
                self.passwordRow.text = ""
                self.passwordRow.title = tr("Password (kept; type to change it)")
            }
        }
    }

    private func afterSyncChosen(_ on: Bool) {
        guard !showingStored, let organization, let service else { return }
        Task { _ = try? await service.setPublishesAfterSync(on, for: organization) }
    }
}
