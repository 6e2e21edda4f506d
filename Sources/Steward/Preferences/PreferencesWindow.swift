import GtkKit
import StewardCore
import Translation

/// Preferences (Ctrl+,): how often the background sync runs and which organization Steward
/// opens with, each kept in GSettings the moment it is made and taking effect at once (there is
/// nothing to apply or cancel); and the organization shown's calendar publishing
/// (`CalendarPublishingGroup`), mail server (`MailSettingsGroup`) and modules (`ModulesGroup`).
@MainActor
final class Preferences {
    private let ui: Builder
    let window: PreferencesWindow
    private let intervalRow: ComboRow
    private let afterEditsSwitch: Switch
    private let startRow: ComboRow
    private let settings: AppSettings
    private let calendarPublishing: CalendarPublishingGroup
    private let mail: MailSettingsGroup
    private let modules: ModulesGroup
    /// The organizations offered for start-up, after "the one shown last".
    private let organizations: [Organization]

    /// Called with the cadence to follow once the sync timing changed.
    var onSyncCadenceChanged: ((SyncCadence) -> Void)?
    /// Called with the organization as stored once its modules changed.
    var onModulesChanged: ((Organization) -> Void)? {
        get { modules.onChanged }
        set { modules.onChanged = newValue }
    }

    init(parent: Window, settings: AppSettings, organizations: [Organization], organization: Organization?,
         publishing: CalendarPublishingService?, mail mailService: MailService?, organizations service: OrganizationService?,
         canEdit: Bool) {
        self.settings = settings
        self.organizations = organizations
        ui = Builder(resource: ResourceBundle.path("Preferences/preferences.ui"))
        window = ui.object("preferences_window")
        intervalRow = ui.object("sync_interval_row")
        afterEditsSwitch = ui.object("sync_after_edits_switch")
        startRow = ui.object("start_organization_row")
        calendarPublishing = CalendarPublishingGroup(ui: ui, organization: organization, service: publishing)
        mail = MailSettingsGroup(ui: ui, organization: organization, service: mailService)
        modules = ModulesGroup(ui: ui, organization: organization, service: service, canEdit: canEdit)
        window.setTransientFor(parent)
        fill()
        intervalRow.onSelectionChanged { [weak self] _ in self?.syncTimingChanged() }
        afterEditsSwitch.onActiveChanged { [weak self] _ in self?.syncTimingChanged() }
        startRow.onSelectionChanged { [weak self] index in self?.startOrganizationChosen(index) }
    }

    func present() { window.present() }

    /// Shows what is stored; a value no choice matches (set with gsettings) shows as the
    /// nearest choice without being rewritten.
    private func fill() {
        let timing = settings.syncTiming
        let choices = SyncTiming.intervalChoices
        intervalRow.setStrings(choices.map(SyncTimingText.interval(minutes:)))
        let nearest = choices.enumerated().min { a, b in
            distance(a.element, timing.intervalMinutes) < distance(b.element, timing.intervalMinutes)
        }
        intervalRow.selectedIndex = nearest?.offset
        afterEditsSwitch.isActive = timing.syncsAfterEdits

        startRow.setStrings([tr("The last one used")] + organizations.map(\.name))
        let chosen = settings.chosenStartOrganization
        startRow.selectedIndex = organizations.firstIndex { $0.slug == chosen }.map { $0 + 1 } ?? 0
    }

    /// "Only when asked" (0) is farthest from every timer.
    private func distance(_ choice: Int, _ minutes: Int) -> Int {
        (choice == 0) != (minutes == 0) ? Int.max : abs(choice - minutes)
    }

    private func syncTimingChanged() {
        guard let index = intervalRow.selectedIndex, index < SyncTiming.intervalChoices.count else { return }
        let timing = SyncTiming(intervalMinutes: SyncTiming.intervalChoices[index],
                                syncsAfterEdits: afterEditsSwitch.isActive)
        guard timing != settings.syncTiming else { return }
        settings.syncTiming = timing
        onSyncCadenceChanged?(settings.chosenSyncCadence)
    }

    private func startOrganizationChosen(_ index: Int?) {
        guard let index else { return }
        settings.chosenStartOrganization = index == 0 ? "" : organizations[index - 1].slug
    }
}
