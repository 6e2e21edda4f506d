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
    private let lists: [RecordListPage]

    var onLocalChange: (() -> Void)?

    init(service: RecordService, window: ApplicationWindow, toasts: ToastOverlay) {
        let ui = Builder(resource: ResourceBundle.path("messages-page.ui"))
        widget = ui.object("messages_page")
        switcherTitle = ui.object("switcher_title")
        backButton = ui.object("back_button")
        header = ui.object("page_header")
        let types: [(RecordType, String)] = [(.message, "messages_holder"), (.series, "series_holder"),
                                             (.podcast, "podcast_holder")]
        lists = types.map { type, holder in
            let list = RecordListPage(type: type, service: service, window: window, toasts: toasts)
            list.widget.vexpand = true
            ui.object(holder, as: Box.self).append(list.widget)
            return list
        }
        // The lists of views not shown are hidden too, so screen readers (and UI tests) only
        // meet the controls on screen. The views themselves stay visible: a stack does not
        // switch to a hidden child.
        let stack: ViewStack = ui.object("view_stack")
        let names = ["messages", "series", "podcast"]
        let shownLists = lists
        stack.onVisibleChildChanged { shown in
            for (name, list) in zip(names, shownLists) { list.widget.isVisible = name == shown }
        }
        for (name, list) in zip(names, lists) { list.widget.isVisible = name == stack.visibleChildName }
        for list in lists {
            list.onLocalChange = { [weak self, weak list] in
                guard let self else { return }
                self.onLocalChange?()
                // A series renamed or removed shows in the messages' Series column.
                for other in self.lists where other !== list { other.refresh() }
            }
        }
    }

    func show(_ org: Organization?) {
        switcherTitle.setProperty("subtitle", org?.name ?? "")
        for list in lists { list.show(org) }
    }

    func setFolded(_ folded: Bool) {
        backButton.isVisible = folded
        header.setProperty("show-start-title-buttons", folded)
    }

    func setCanEdit(_ allowed: Bool) {
        for list in lists { list.setCanEdit(allowed) }
    }

    func refresh() {
        for list in lists { list.refresh() }
    }
}
