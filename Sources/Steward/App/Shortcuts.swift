import GtkKit

/// Every keyboard shortcut of Steward, in one place. `ui/Window/shortcuts.ui` (the Ctrl+? window)
/// lists the same keys; keep the two in step.
///
/// Two kinds: application accelerators work anywhere in a window, but GTK runs them before
/// the focused widget sees the key, so keys that also edit text (Delete) are instead scoped to
/// the widget they act on with a shortcut controller. A page's own keys are scoped to the page
/// the same way, activating the page's actions ("events.new", "list.new").
@MainActor
enum Shortcuts {
    /// Window-wide accelerators.
    static let accelerators: [(action: String, keys: [String])] = [
        ("app.quit", ["<Control>q"]),
        ("win.show-help-overlay", ["<Control>question"]),
        ("win.sync-now", ["<Control>r"]),
        ("win.preferences", ["<Control>comma"]),
    ]

    /// Keys of the Events page, anywhere in the window while the page is shown.
    static let eventsPage: [(trigger: String, action: String)] = [
        ("<Control>n", "events.new"),
        ("<Control>f", "events.search"),
        ("<Control>d", "events.duplicate"),
        // Enabled only while there is a delete to undo, so Ctrl+Z still undoes typing otherwise.
        ("<Control>z", "events.undo"),
        // The calendar views' period; disabled in the table, so the keys go on to the focus there.
        ("<Alt>Left", "events.previous"),
        ("<Alt>Right", "events.next"),
        ("<Alt>Page_Up", "events.previous"),
        ("<Alt>Page_Down", "events.next"),
        ("<Control>t", "events.today"),
        ("<Alt>Home", "events.today"),
    ]

    /// Keys that act on the event list while it has focus.
    static let eventList: [(trigger: String, action: String)] = [
        // Menus show the last shortcut added for an action, so the plain key comes last.
        ("KP_Delete", "events.delete"),
        ("Delete", "events.delete"),
    ]

    /// Keys of a record list's page (bulletins, funds...) while the focus is inside it.
    static let recordPage: [(trigger: String, action: String)] = [
        ("<Control>n", "list.new"),
        ("<Control>f", "list.search"),
        ("<Control>d", "list.duplicate"),
    ]

    /// Keys of the Approvals page while the focus is inside it.
    static let approvalsPage: [(trigger: String, action: String)] = [
        ("<Alt>a", "approvals.approve"),
        ("<Alt>r", "approvals.reject"),
        ("<Alt>c", "approvals.request-changes"),
        ("<Control><Shift>a", "approvals.approve-selected"),
        ("<Control>f", "approvals.search"),
    ]

    /// Keys that act on a record list (bulletins, funds...) while it has focus.
    static let recordList: [(trigger: String, action: String)] = [
        ("KP_Delete", "list.delete"),
        ("Delete", "list.delete"),
    ]

    /// Keys of the event editor window (and of the record editor, which has the same actions).
    static let editor: [(trigger: String, action: String)] = [
        ("<Control>s", "editor.save"),
        ("Escape", "editor.cancel"),
    ]

    static func install(on app: Application) {
        for (action, keys) in accelerators { app.setAccels(keys, for: action) }
    }

    /// A controller for one of the scoped tables, to attach to the widget it belongs to.
    static func controller(_ table: [(trigger: String, action: String)],
                           scope: ShortcutController.Scope = .local) -> ShortcutController {
        let controller = ShortcutController(scope: scope)
        for (trigger, action) in table { controller.add(trigger: trigger, action: action) }
        return controller
    }
}
