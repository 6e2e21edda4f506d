import GtkKit
import StewardCore

/// The Messages page: the sermons ("messages") members watch and listen to, the series they
/// belong to, and the organization's podcast settings, each a record list from its type's
/// declaration, switched in the header. A message names its series, so when series change
/// the messages list reads their titles again.
@MainActor
final class MessagesPage: ModulePage {
    let widget: Widget
    private let switcherTitle: Widget
    private let backButton: Button
    private let header: Widget
    private let group: RecordListGroup

    var onLocalChange: (() -> Void)? {
        get { group.onLocalChange }
        set { group.onLocalChange = newValue }
    }

    init(service: RecordService, window: ApplicationWindow, toasts _: ToastOverlay) {
        let ui = Builder(resource: ResourceBundle.path("Messages/messages-page.ui"))
        // The page's own overlay: its toasts show above the view switcher at the bottom.
        let toasts: ToastOverlay = ui.object("page_toasts")
        widget = ui.object("messages_page")
        switcherTitle = ui.object("switcher_title")
        backButton = ui.object("back_button")
        header = ui.object("page_header")
        let types: [(RecordType, String)] = [(.message, "messages_holder"), (.series, "series_holder"),
                                             (.podcast, "podcast_holder")]
        let lists = types.map { type, holder in
            let list = RecordListPage(type: type, service: service, window: window, toasts: toasts)
            list.widget.vexpand = true
            ui.object(holder, as: Box.self).append(list.widget)
            return list
        }
        group = RecordListGroup(lists, names: ["messages", "series", "podcast"], stack: ui.object("view_stack"))
    }

    func show(_ org: Organization?) {
        switcherTitle.setProperty("subtitle", org?.name ?? "")
        group.show(org)
    }

    func setFolded(_ folded: Bool) {
        backButton.isVisible = folded
        header.setProperty("show-start-title-buttons", folded)
    }

    func setCanEdit(_ allowed: Bool) {
        group.setCanEdit(allowed)
    }

    func refresh() {
        group.refresh()
    }
}
