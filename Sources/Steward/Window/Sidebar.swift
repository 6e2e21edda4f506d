import GtkKit
import StewardCore

/// The sidebar's list of pages: one row per module of the current organization that this
/// version of Steward can show (`Module.isAvailable`).
@MainActor
final class Sidebar {
    private let list: ListBox
    private var isUpdating = false
    /// A page was chosen (by click, keyboard, or in code).
    var onSelect: ((Module) -> Void)?
    /// A row was activated: on a narrow (folded) window, time to show the page.
    var onActivate: ((Module) -> Void)?

    init(list: ListBox) {
        self.list = list
        list.onRowSelected { [weak self] row in
            guard let self, !self.isUpdating, let tag = row?.tag, let module = Module(rawValue: tag) else { return }
            self.onSelect?(module)
        }
        list.onRowActivated { [weak self] row in
            guard let self, let tag = row.tag, let module = Module(rawValue: tag) else { return }
            self.onActivate?(module)
        }
    }

    /// Lists `modules` and selects `selected` (or the first).
    func show(_ modules: [Module], selecting selected: Module?) {
        isUpdating = true
        list.removeAll()
        for module in modules {
            list.appendSidebarRow(title: module.title, iconName: Self.iconName(module), tag: module.rawValue)
        }
        isUpdating = false
        if let module = selected.flatMap({ modules.contains($0) ? $0 : nil }) ?? modules.first {
            list.selectRow(tagged: module.rawValue)
        }
    }

    static func iconName(_ module: Module) -> String {
        switch module {
        case .events: "x-office-calendar-symbolic"
        case .bulletins, .messages: "mail-unread-symbolic"
        case .giving: "emblem-favorite-symbolic"
        case .approvals: "emblem-ok-symbolic"
        case .surveys: "dialog-question-symbolic"
        case .stamps, .prizes: "starred-symbolic"
        case .classSchedule: "alarm-symbolic"
        case .rides: "mark-location-symbolic"
        case .books, .loans: "accessories-dictionary-symbolic"
        }
    }
}
