import GtkKit
import StewardCore

/// The record lists of a page, one per view of its view stack when it shows several types
/// (Messages: messages, series, podcast; Books: books, shelves). Only the shown view's list is
/// visible, so screen readers (and UI tests) meet only the controls on screen; the views
/// themselves stay visible, as a stack does not switch to a hidden child. A change in one list
/// makes the others read their records again, since records name each other (a message's
/// series, a loan's book and borrower).
@MainActor
final class RecordListGroup {
    let lists: [RecordListPage]
    /// A list's records changed here (an edit, a delete): the page's sync is told.
    var onLocalChange: (() -> Void)?

    /// `names[i]` is the name of the stack's view that holds `lists[i]`; a page of one list
    /// has no stack.
    init(_ lists: [RecordListPage], names: [String] = [], stack: ViewStack? = nil) {
        self.lists = lists
        if let stack {
            stack.onVisibleChildChanged { shown in
                for (name, list) in zip(names, lists) { list.widget.isVisible = name == shown }
            }
            for (name, list) in zip(names, lists) { list.widget.isVisible = name == stack.visibleChildName }
        }
        for list in lists {
            list.onLocalChange = { [weak self, weak list] in
                guard let self else { return }
                self.onLocalChange?()
                for other in self.lists where other !== list { other.refresh() }
            }
        }
    }

    /// The view that holds `list` in a page's view stack: a box that stays visible, since a
    /// stack does not switch to a hidden child (and its switcher would not offer it); the group
    /// hides the list inside it while another view shows.
    static func view(holding list: RecordListPage) -> Widget {
        let holder = Box.vertical()
        holder.append(list.widget)
        return holder
    }

    func show(_ org: Organization?) {
        for list in lists { list.show(org) }
    }

    func setCanEdit(_ allowed: Bool) {
        for list in lists { list.setCanEdit(allowed) }
    }

    func syncReady(history: HistoryService) {
        for list in lists { list.history = history }
    }

    func refresh() {
        for list in lists { list.refresh() }
    }
}
