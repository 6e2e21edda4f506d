import GtkKit
import StewardCore

/// A lending library page, Books or Loans: one record list per type the module holds (books
/// and shelves; loans, borrowers, lenders, borrowed books and the lending policy), each from
/// its type's declaration, switched in the header. Loans name books and borrowers, so when one
/// list changes the others read their titles again.
@MainActor
final class LibraryPage: ModulePage {
    let widget: Widget
    private let switcherTitle: Widget
    private let backButton: Button
    private let header: Widget
    private let group: RecordListGroup

    var onLocalChange: (() -> Void)? {
        get { group.onLocalChange }
        set { group.onLocalChange = newValue }
    }

    init(module: Module, service: RecordService, window: ApplicationWindow, toasts: ToastOverlay) {
        let ui = Builder(resource: ResourceBundle.path("library-page.ui"))
        widget = ui.object("library_page")
        switcherTitle = ui.object("switcher_title")
        backButton = ui.object("back_button")
        header = ui.object("page_header")
        switcherTitle.setProperty("title", module.title)
        let types = Self.order(RecordTypes.types(in: module))
        let stack: ViewStack = ui.object("view_stack")
        let lists = types.map { type in
            let list = RecordListPage(type: type, service: service, window: window, toasts: toasts)
            list.widget.vexpand = true
            stack.addTitled(list.widget, name: type.entity, title: type.nouns.pluralTitle.text, iconName: Self.iconName(type))
            return list
        }
        group = RecordListGroup(lists, names: types.map(\.entity), stack: stack)
    }

    /// The page's main type first: loans before the people they name.
    private static func order(_ types: [RecordType]) -> [RecordType] {
        let first: Set<String> = [RecordType.book.entity, RecordType.loan.entity]
        return types.filter { first.contains($0.entity) } + types.filter { !first.contains($0.entity) }
    }

    private static func iconName(_ type: RecordType) -> String {
        switch type.entity {
        case RecordType.book.entity: "accessories-dictionary-symbolic"
        case RecordType.shelf.entity: "view-grid-symbolic"
        case RecordType.loan.entity: "document-send-symbolic"
        case RecordType.borrower.entity, RecordType.lender.entity: "avatar-default-symbolic"
        case RecordType.borrowing.entity: "mail-inbox-symbolic"
        default: "preferences-system-symbolic"
        }
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
