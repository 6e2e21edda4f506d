import GtkKit
import StewardCore
import Translation

/// A page the sidebar lists: one of the organization's modules, its Media library and its
/// Profile (every organization has them, whatever its modules) or its Sync page.
enum SidebarPage: Hashable {
    case module(Module)
    case media
    case profile
    case sync

    var tag: String {
        switch self {
        case .module(let module): module.rawValue
        case .media: "media"
        case .profile: "profile"
        case .sync: "sync"
        }
    }

    init?(tag: String) {
        if tag == "sync" {
            self = .sync
        } else if tag == "profile" {
            self = .profile
        } else if tag == "media" {
            self = .media
        } else if let module = Module(rawValue: tag) {
            self = .module(module)
        } else {
            return nil
        }
    }

    var title: String {
        switch self {
        case .module(let module): module.title
        case .media: tr("Media")
        case .profile: RecordType.profile.nouns.title.text
        case .sync: tr("Sync")
        }
    }

    var iconName: String {
        switch self {
        case .module(let module): module.iconName
        case .media: "folder-pictures-symbolic"
        case .profile: "user-home-symbolic"
        case .sync: "emblem-synchronizing-symbolic"
        }
    }
}

/// The sidebar's list of pages: one row per module of the current organization that this
/// version of Steward can show (`Module.isAvailable`), then its Media, its Profile and its Sync
/// page.
@MainActor
final class Sidebar {
    private let list: ListBox
    private var isUpdating = false
    /// How many conflicts and rejected changes wait, beside "Sync"; it moves to the new row
    /// when the rows are made again.
    private let issueBadge = Label()
    /// How many submissions wait for a decision, beside "Approvals".
    private let approvalsBadge = Label()
    /// A page was chosen (by click, keyboard, or in code).
    var onSelect: ((SidebarPage) -> Void)?
    /// A row was activated: on a narrow (folded) window, time to show the page.
    var onActivate: ((SidebarPage) -> Void)?

    init(list: ListBox) {
        self.list = list
        for badge in [issueBadge, approvalsBadge] {
            badge.hexpand = true
            badge.horizontalAlignment = .end
            badge.verticalAlignment = .center
            badge.addCSSClass("sidebar-badge")
            badge.addCSSClass("numeric")
            badge.isVisible = false
        }
        list.onRowSelected { [weak self] row in
            guard let self, !self.isUpdating, let tag = row?.tag, let page = SidebarPage(tag: tag) else { return }
            self.onSelect?(page)
        }
        list.onRowActivated { [weak self] row in
            guard let self, let tag = row.tag, let page = SidebarPage(tag: tag) else { return }
            self.onActivate?(page)
        }
    }

    /// Lists `modules`, the Media, the Profile and the Sync page, and selects `selected` (or
    /// the first).
    func show(_ modules: [Module], selecting selected: SidebarPage?) {
        let pages = modules.map(SidebarPage.module) + [.media, .profile, .sync]
        isUpdating = true
        list.removeAll()
        for page in pages {
            let row = list.appendSidebarRow(title: page.title, iconName: page.iconName, tag: page.tag)
            for (badgePage, badge) in [(SidebarPage.sync, issueBadge), (.module(.approvals), approvalsBadge)]
            where page == badgePage {
                guard let content = row.children.first?.as(Box.self) else { continue }
                badge.parent?.as(Box.self)?.remove(badge)
                content.append(badge)
            }
        }
        isUpdating = false
        if let page = selected.flatMap({ pages.contains($0) ? $0 : nil }) ?? pages.first {
            list.selectRow(tagged: page.tag)
        }
    }

    /// Shows how many conflicts and rejected changes wait on the Sync page.
    func setIssueCount(_ count: Int) {
        issueBadge.text = count > 0 ? "\(count)" : ""
        issueBadge.isVisible = count > 0
        issueBadge.tooltip = trn("{count} change needs a look", "{count} changes need a look", count)
    }

    /// Shows how many submissions wait for a decision on the Approvals page.
    func setWaitingCount(_ count: Int) {
        approvalsBadge.text = count > 0 ? "\(count)" : ""
        approvalsBadge.isVisible = count > 0
        approvalsBadge.tooltip = trn("{count} submission waits for a decision", "{count} submissions wait for a decision", count)
        approvalsBadge.setAccessibleLabel(approvalsBadge.tooltip ?? "")
    }

    /// Selects `page` as if it had been clicked.
    func select(_ page: SidebarPage) {
        list.selectRow(tagged: page.tag)
    }
}
