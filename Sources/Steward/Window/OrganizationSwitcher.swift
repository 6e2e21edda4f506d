import GtkKit
import StewardCore
import Translation

/// The button at the top of the sidebar naming the current organization; its popover lists
/// the others by name, the current one checked. Buttons rather than a drop-down list so each
/// organization is a plainly named, clickable control for keyboards and screen readers alike.
/// Under them, Add Organization… opens the first run's Create an Organization dialog, and
/// Connect to Your Organization’s Store… the first run's dialog for an organization whose
/// store already runs.
@MainActor
final class OrganizationSwitcher {
    private let button: MenuButton
    private let label: Label
    private let popover: Popover
    private let list: Box
    private(set) var organizations: [Organization] = []
    private var current: Organization?
    var onSwitch: ((Organization) -> Void)?

    init(ui: Builder) {
        button = ui.object("organization_button")
        label = ui.object("organization_label")
        popover = ui.object("organization_popover")
        list = ui.object("organization_list")
    }

    func show(_ organizations: [Organization], selected: Organization?) {
        self.organizations = organizations
        current = selected
        label.text = selected?.name ?? ""
        list.removeAll()
        for org in organizations {
            list.append(makeItem(org, isCurrent: org.id == selected?.id))
        }
        let add = Button(label: tr("_Add Organization…"))
        add.hasFrame = false
        add.addCSSClass("organization-item")
        // The window's action, so the popover closes before the dialog opens.
        add.onClicked { [weak self] in self?.popover.popdown() }
        add.actionName = "win.create-organization"
        list.append(add)
        let connect = Button(label: tr("C_onnect to Your Organization’s Store…"))
        connect.hasFrame = false
        connect.addCSSClass("organization-item")
        connect.onClicked { [weak self] in self?.popover.popdown() }
        connect.actionName = "win.connect-to-store"
        list.append(connect)
    }

    private func makeItem(_ org: Organization, isCurrent: Bool) -> Button {
        let content = Box.horizontal(spacing: 12)
        let name = Label(org.name)
        name.xalign = 0
        name.hexpand = true
        content.append(name)
        let check = Image(iconName: "object-select-symbolic")
        check.opacity = isCurrent ? 1 : 0
        content.append(check)
        let item = Button(label: "")
        item.setChild(content)
        // A button with a child box has no name of its own; give it the organization's.
        item.setAccessibleLabel(org.name)
        item.hasFrame = false
        item.addCSSClass("organization-item")
        item.onClicked { [weak self] in
            guard let self else { return }
            self.popover.popdown()
            guard org.id != self.current?.id else { return }
            self.show(self.organizations, selected: org)
            self.onSwitch?(org)
        }
        return item
    }
}
