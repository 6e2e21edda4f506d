import GtkKit
import StewardCore

/// The page of a module that is nothing but lists of records, made from the module's entry in
/// ModuleRegistry: one type is a header and its list (Giving); several are one view each,
/// switched in the header (Messages: messages, series and the podcast settings; Ministry). A
/// change in one list makes the others read theirs again, since records name each other (a
/// message's series).
@MainActor
final class RecordListsPage: ModulePage {
    let widget: Widget
    private let header: Widget
    private let backButton: Button
    private let setSubtitle: @MainActor (String) -> Void
    private let group: RecordListGroup

    var onLocalChange: (() -> Void)? {
        get { group.onLocalChange }
        set { group.onLocalChange = newValue }
    }

    /// nil for a module whose entry lists no record types (its page is one of its own).
    init?(module: Module, service: RecordService, window: ApplicationWindow, toasts: ToastOverlay) {
        let views = module.entry.views
        guard let first = views.first else { return nil }
        let path = ResourceBundle.path("Records/record-lists-page.ui")
        if views.count == 1 {
            let ui = Builder(resource: path, objects: ["single_page"])
            widget = ui.object("single_page")
            let moduleHeader = ModuleHeader(ui: ui)
            moduleHeader.title.title = module.title
            header = moduleHeader.header
            backButton = moduleHeader.backButton
            setSubtitle = { moduleHeader.title.subtitle = $0 }
            let list = RecordListPage(type: first.type, service: service, window: window, toasts: toasts)
            list.widget.vexpand = true
            ui.object("list_holder", as: Box.self).append(list.widget)
            group = RecordListGroup([list])
        } else {
            let ui = Builder(resource: path, objects: ["switched_page"])
            widget = ui.object("switched_page")
            header = ui.object("switched_header")
            backButton = ui.object("switched_back_button")
            let switcherTitle: Widget = ui.object("switcher_title")
            switcherTitle.setProperty("title", module.title)
            setSubtitle = { switcherTitle.setProperty("subtitle", $0) }
            // The page's own overlay: its toasts show above the view switcher at the bottom.
            let pageToasts: ToastOverlay = ui.object("page_toasts")
            let stack: ViewStack = ui.object("view_stack")
            let lists = views.map { view in
                let list = RecordListPage(type: view.type, service: service, window: window, toasts: pageToasts)
                list.widget.vexpand = true
                stack.addTitled(RecordListGroup.view(holding: list), name: view.type.entity, title: view.title,
                                iconName: view.iconName)
                return list
            }
            group = RecordListGroup(lists, names: views.map(\.type.entity), stack: stack)
        }
    }

    func show(_ org: Organization?) {
        setSubtitle(org?.name ?? "")
        group.show(org)
    }

    func setFolded(_ folded: Bool) {
        backButton.isVisible = folded
        header.setProperty("show-start-title-buttons", folded)
    }

    func setCanEdit(_ allowed: Bool) { group.setCanEdit(allowed) }
    func refresh() { group.refresh() }
    func syncReady(history: HistoryService) { group.syncReady(history: history) }
}
