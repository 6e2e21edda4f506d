import GtkKit
import Translation

/// "Loading…" with a spinner: a page of a GtkStack shown while what the stack shows is read off
/// the main thread, so nobody meets an empty state ("No Event Chosen", "No Books Yet") or an old
/// one (the plan before Accept) in the meantime, and acts on it. `show()` when a read begins
/// whose result replaces what is on screen; `finish(showing:)` when it lands. The spinner spins
/// only while the page is shown.
@MainActor
final class LoadingPage {
    static let name = "loading"
    private let stack: Stack
    /// The stack's other pages: hidden while the spinner shows, since GTK 4.8 still reports a
    /// stack's pages not shown as visible to screen readers (and UI tests), and an empty state
    /// heard while loading is as wrong as one seen.
    private let pages: [String]
    private let spinner = Spinner()
    private let status: StatusPage
    /// `show()` hid the other pages, and `finish` shows them again.
    private var pagesHidden = false

    init(in stack: Stack, pages: [String]) {
        self.stack = stack
        self.pages = pages
        status = StatusPage(title: tr("Loading…"))
        spinner.setSizeRequest(width: 32, height: 32)
        spinner.horizontalAlignment = .center
        spinner.setAccessibleLabel(tr("Loading…"))
        status.setChild(spinner)
        status.vexpand = true
        status.isVisible = false
        stack.addNamed(status, name: Self.name)
    }

    /// Whether the spinner is what the stack shows.
    var isShown: Bool { stack.visibleChildName == Self.name && status.isVisible }

    func show() {
        status.isVisible = true
        spinner.isSpinning = true
        stack.visibleChildName = Self.name
        for page in pages { stack.child(named: page)?.isVisible = false }
        pagesHidden = true
    }

    /// The read landed: the stack shows `name` (the data, or the empty state it read).
    /// Called after every read, not only those the spinner covered: the pages are shown again
    /// only when `show()` hid them, since making a hidden page visible has GTK measure it (a
    /// calendar's month grid on every keystroke of the events search).
    func finish(showing name: String) {
        if pagesHidden {
            for page in pages { stack.child(named: page)?.isVisible = true }
            pagesHidden = false
        }
        stack.child(named: name)?.isVisible = true
        stack.visibleChildName = name
        if status.isVisible {
            spinner.isSpinning = false
            status.isVisible = false
        }
    }
}
