import GtkKit
import StewardCore
import Translation

/// Preferences' "Modules" group, for the organization shown: a switch for each module, so that
/// a church that also lends books, or a campus ministry with a passport, uses what it needs
/// rather than what its kind started with. A change is kept at once (as every preference is)
/// and reaches the store with the next sync; the sidebar follows through `onChanged`. The last
/// module on cannot be switched off, and staff who may not edit see the choice without
/// changing it.
@MainActor
final class ModulesGroup {
    private let group: PreferencesGroup
    private var organization: Organization?
    private let service: OrganizationService?
    private var switches: [(module: Module, toggle: Switch)] = []
    /// While the switches are set from what is stored, their signals are not a person's choice.
    private var filling = false

    /// Called with the organization as stored once its modules changed.
    var onChanged: ((Organization) -> Void)?

    init(ui: Builder, organization: Organization?, service: OrganizationService?, canEdit: Bool) {
        group = ui.object("modules_group")
        self.organization = organization
        self.service = service
        group.isVisible = organization != nil && service != nil
        guard let organization else { return }
        group.groupDescription = canEdit
            ? tr("The pages {organization} uses, here and in the members’ app. A module switched off keeps its records for when it is switched on again.",
                 ["organization": organization.name])
            : tr("Only editors and administrators choose the modules {organization} uses.", ["organization": organization.name])
        for module in Module.allCases where module.isAvailable {
            let row = ActionRow(title: module.title)
            row.iconName = module.iconName
            let toggle = Switch()
            toggle.verticalAlignment = .center
            toggle.isSensitive = canEdit
            row.addSuffix(toggle)
            // The row labels its switch, so a screen reader says "Books, check box".
            row.setActivatableWidget(toggle)
            group.add(row)
            switches.append((module, toggle))
            toggle.onActiveChanged { [weak self] _ in self?.toggled() }
        }
        fill(organization.modules, canEdit: canEdit)
    }

    private func fill(_ modules: [Module], canEdit: Bool) {
        filling = true
        defer { filling = false }
        for (module, toggle) in switches { toggle.isActive = modules.contains(module) }
        // One module stays on: an organization with no page has nothing to show anyone.
        let onlyOne = modules.count == 1
        for (module, toggle) in switches { toggle.isSensitive = canEdit && !(onlyOne && modules.contains(module)) }
    }

    private func toggled() {
        guard !filling, let organization, let service else { return }
        let chosen = switches.filter { $0.toggle.isActive }.map(\.module)
        Task {
            do {
                let stored = try await service.setModules(chosen, of: organization)
                self.organization = stored
                fill(stored.modules, canEdit: true)
                onChanged?(stored)
            } catch {
                // Nothing was kept: the switches show what is stored, and the group says why.
                fill(organization.modules, canEdit: true)
                group.groupDescription = tr("Not changed: {problem}", ["problem": "\(error)"])
            }
        }
    }
}
