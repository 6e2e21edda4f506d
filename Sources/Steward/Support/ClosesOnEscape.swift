import GtkKit

extension Window {
    /// A window that only shows something (a preview, a member's passport): Escape closes it,
    /// and `closed` runs when it goes, so the page that opened it can open another.
    func closesOnEscape(_ closed: @escaping @MainActor () -> Void) {
        addController(Shortcuts.controller([("Escape", "shown.close")]))
        let actions = ActionGroup()
        actions.addAction("close") { [weak self] in self?.close() }
        insertActionGroup(actions, prefix: "shown")
        onCloseRequest {
            closed()
            return false
        }
    }
}
