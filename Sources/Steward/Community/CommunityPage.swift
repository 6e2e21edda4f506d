import GtkKit
import StewardCore
import Translation

/// The Community page: the app's resources and about pages and the map pins of community
/// places, each a record list from its type's declaration, switched in the header, and the
/// pins on a map (`CommunityMapPane`). Preview
/// shows the selected page's formatted text as members will read it (`CommunityPreview`).
@MainActor
final class CommunityPage: ModulePage {
    let widget: Widget
    private let switcherTitle: Widget
    private let backButton: Button
    private let header: Widget
    private let group: RecordListGroup
    private let pages: RecordListPage
    private let window: ApplicationWindow
    private let actions = ActionGroup()
    private var previewAction: Action?
    private var organization: Organization?
    private var preview: CommunityPreview?
    private let mapPane: CommunityMapPane

    var onLocalChange: (() -> Void)? {
        get { group.onLocalChange }
        set {
            // A pin added or moved here shows on the map at once, as well as going out.
            group.onLocalChange = { [weak self] in
                newValue?()
                self?.mapPane.reload()
            }
        }
    }

    init(service: RecordService, events: EventService, window: ApplicationWindow, toasts _: ToastOverlay) {
        self.window = window
        let ui = Builder(resource: ResourceBundle.path("Community/community-page.ui"))
        // The page's own overlay: its toasts show above the view switcher at the bottom.
        let toasts: ToastOverlay = ui.object("page_toasts")
        widget = ui.object("community_page")
        switcherTitle = ui.object("switcher_title")
        backButton = ui.object("back_button")
        header = ui.object("page_header")
        switcherTitle.setProperty("title", Module.community.title)
        let stack: ViewStack = ui.object("view_stack")
        let types: [(RecordType, String)] = [(.communityPage, "x-office-document-symbolic"), (.mapPin, "mark-location-symbolic")]
        let lists = types.map { type, icon in
            let list = RecordListPage(type: type, service: service, window: window, toasts: toasts)
            list.widget.vexpand = true
            stack.addTitled(RecordListGroup.view(holding: list), name: type.entity, title: type.nouns.pluralTitle.text, iconName: icon)
            return list
        }
        pages = lists[0]
        group = RecordListGroup(lists, names: types.map(\.0.entity), stack: stack)
        mapPane = CommunityMapPane(service: service, events: events)
        mapPane.widget.vexpand = true
        stack.addTitled(mapPane.widget, name: "map", title: tr("Map"), iconName: "find-location-symbolic")
        previewAction = actions.addAction("preview", enabled: false) { [weak self] in self?.openPreview() }
        widget.insertActionGroup(actions, prefix: "community")
        pages.onSelectionChanged = { [weak self] in
            guard let self else { return }
            self.previewAction?.isEnabled = self.pages.selectedRecord != nil
        }
    }

    private func openPreview() {
        guard let record = pages.selectedRecord, preview == nil else { return }
        let shown = CommunityPreview(parent: window, page: record)
        shown.onClosed = { [weak self] in self?.preview = nil }
        preview = shown
        shown.present()
    }

    func show(_ org: Organization?) {
        organization = org
        switcherTitle.setProperty("subtitle", org?.name ?? "")
        group.show(org)
        mapPane.show(org)
    }

    func setFolded(_ folded: Bool) {
        backButton.isVisible = folded
        header.setProperty("show-start-title-buttons", folded)
    }

    func setCanEdit(_ allowed: Bool) { group.setCanEdit(allowed) }
    func syncReady(history: HistoryService) { group.syncReady(history: history) }

    func refresh() {
        group.refresh()
        mapPane.reload()
    }
}
