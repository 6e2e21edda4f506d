import GtkKit
import StewardCore

/// The Ministry page: the ministry's teams, community groups, summer missions and resources,
/// each a record list from its type's declaration, switched in the header. Leads are routed
/// to the groups listed here, on the Leads page.
@MainActor
final class MinistryPage: ModulePage {
    let widget: Widget
    private let switcherTitle: Widget
    private let backButton: Button
    private let header: Widget
    private let group: RecordListGroup

    var onLocalChange: (() -> Void)? {
        get { group.onLocalChange }
        set { group.onLocalChange = newValue }
    }

    init(service: RecordService, window: ApplicationWindow, toasts: ToastOverlay) {
        let ui = Builder(resource: ResourceBundle.path("Ministry/ministry-page.ui"))
        widget = ui.object("ministry_page")
        switcherTitle = ui.object("switcher_title")
        backButton = ui.object("back_button")
        header = ui.object("page_header")
        switcherTitle.setProperty("title", Module.ministry.title)
        let stack: ViewStack = ui.object("view_stack")
        let types: [(RecordType, String)] = [(.ministryTeam, "system-users-symbolic"),
                                             (.communityGroup, "user-available-symbolic"),
                                             (.mission, "airplane-mode-symbolic"),
                                             (.ministryResource, "x-office-document-symbolic")]
        let lists = types.map { type, icon in
            let list = RecordListPage(type: type, service: service, window: window, toasts: toasts)
            list.widget.vexpand = true
            stack.addTitled(RecordListGroup.view(holding: list), name: type.entity, title: type.nouns.pluralTitle.text, iconName: icon)
            return list
        }
        group = RecordListGroup(lists, names: types.map(\.0.entity), stack: stack)
    }

    func show(_ org: Organization?) {
        switcherTitle.setProperty("subtitle", org?.name ?? "")
        group.show(org)
    }

    func setFolded(_ folded: Bool) {
        backButton.isVisible = folded
        header.setProperty("show-start-title-buttons", folded)
    }

    func setCanEdit(_ allowed: Bool) { group.setCanEdit(allowed) }
    func refresh() { group.refresh() }
}
