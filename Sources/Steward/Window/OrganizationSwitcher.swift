import GtkKit
import StewardCore

/// The drop-down at the top of the sidebar that picks which organization the window shows.
@MainActor
final class OrganizationSwitcher {
    private let dropDown: DropDown
    private(set) var organizations: [Organization] = []
    /// Set while the list is replaced in code, so that is not mistaken for a user's choice.
    private var isUpdating = false
    var onSwitch: ((Organization) -> Void)?

    init(dropDown: DropDown) {
        self.dropDown = dropDown
        dropDown.onSelectionChanged { [weak self] index in
            guard let self, !self.isUpdating, let index, index < self.organizations.count else { return }
            self.onSwitch?(self.organizations[index])
        }
    }

    func show(_ organizations: [Organization], selected: Organization?) {
        isUpdating = true
        defer { isUpdating = false }
        self.organizations = organizations
        dropDown.setStrings(organizations.map(\.name))
        dropDown.selectedIndex = selected.flatMap { org in organizations.firstIndex { $0.id == org.id } }
        // One organization needs no switching; the drop-down then only names it.
        dropDown.isSensitive = organizations.count > 1
    }
}
