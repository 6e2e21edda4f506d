import GtkKit

/// The keyboard path from a list page's search field to its list, the same on every page:
/// Down in the search field (or Enter, where the page has no Enter of its own) moves the
/// focus to the list's selected row, or its first, selecting it; Enter on a row then does
/// what a double-click does (the list's "activate", which each page connects to its Open).
/// Typing while the list has focus goes back to the search field.
@MainActor
enum SearchToList {
    /// Connects `search` to `list`. `rowCount` says whether there is a row to go to.
    static func connect(search: SearchEntry, list: ColumnView, enterToo: Bool = false, rowCount: @escaping () -> Int) {
        let actions = ActionGroup()
        actions.addAction("to-list") { focusList(list, if: rowCount() > 0) }
        search.insertActionGroup(actions, prefix: "search-list")
        let keys = ShortcutController(scope: .local)
        for key in ["Down", "KP_Down"] { keys.add(trigger: key, action: "search-list.to-list") }
        search.addController(keys)
        if enterToo { search.onActivate { focusList(list, if: rowCount() > 0) } }
        search.setKeyCaptureWidget(list)
    }

    /// Focuses the list's selected row, else its first.
    static func focusList(_ list: ColumnView, if hasRows: Bool) {
        guard hasRows else { return }
        list.focusRow(at: list.selectedPosition ?? 0)
    }
}
