import Foundation
import GtkKit
import StewardCore
import Translation

/// The librarian's moves over a lending library's lists, through `LoanService` so the window
/// keeps the same rules as `stewardctl loans`: Lend the selected book (asking to whom), Lend a
/// Book to the selected borrower (finding it in the catalogue), Renew,
/// Return, Mark Lost and Claims Returned the selected loan, the loan history of the selected
/// book, loan's book or borrower, and the selected shelf's grid (Show Shelf). On the Loans page it also counts the books out,
/// overdue and due this week. A refusal (the book is on loan to someone, the renewal limit)
/// is said in a toast in the service's own words, and changes nothing.
@MainActor
final class LendingBar {
    let widget: Widget
    private let ui: Builder
    private let loans: LoanService
    private let records: RecordService
    private let window: ApplicationWindow
    private let toasts: ToastOverlay
    private let countsLabel: Label
    private let showsCounts: Bool
    private var actionByName: [String: Action] = [:]
    private var buttons: [String: Widget] = [:]
    private var organization: Organization?
    private var entity: String = ""
    private var selected: LocalRecord?
    private var canEdit = true
    private var historyWindow: LoanHistoryWindow?
    private var shelfWindow: ShelfWindow?
    private var countsRequest = 0

    /// A move changed loans: the lists read them again and sync follows.
    var onChanged: (() -> Void)?

    init(showsCounts: Bool, loans: LoanService, records: RecordService, window: ApplicationWindow, toasts: ToastOverlay) {
        self.showsCounts = showsCounts
        self.loans = loans
        self.records = records
        self.window = window
        self.toasts = toasts
        ui = Builder(resource: ResourceBundle.path("Library/lending-bar.ui"))
        widget = ui.object("lending_bar")
        countsLabel = ui.object("counts_label")
        // Empty on the Books page, where it only keeps the buttons at the end of the bar.
        countsLabel.isVisible = true
        let actions = ActionGroup()
        let moves: [(String, String, @MainActor (LendingBar) -> Void)] = [
            ("lend", "lend_button", { $0.lend() }),
            ("lend-book", "lend_book_button", { $0.lendBook() }),
            ("renew", "renew_button", { $0.renew() }),
            ("return", "return_button", { $0.giveBack() }),
            ("lost", "lost_button", { $0.mark(.lost) }),
            ("claims-returned", "claims_returned_button", { $0.mark(.claimsReturned) }),
            ("history", "history_button", { $0.showHistory() }),
            ("show-shelf", "shelf_button", { $0.showShelf() }),
        ]
        for (name, button, run) in moves {
            actionByName[name] = actions.addAction(name) { [weak self] in
                guard let self else { return }
                run(self)
            }
            buttons[name] = ui.object(button, as: Widget.self)
        }
        widget.insertActionGroup(actions, prefix: "lending")
        follow(entity: "", selected: nil)
    }

    func show(_ org: Organization?) {
        organization = org
        selected = nil
        refreshCounts()
        updateActions()
    }

    func setCanEdit(_ allowed: Bool) {
        canEdit = allowed
        updateActions()
    }

    /// The list shown and its selected record changed.
    func follow(entity: String, selected: LocalRecord?) {
        self.entity = entity
        self.selected = selected
        let onBooks = entity == RecordType.book.entity
        let onLoans = entity == RecordType.loan.entity
        buttons["lend"]?.isVisible = onBooks
        buttons["lend-book"]?.isVisible = entity == RecordType.borrower.entity
        for name in ["renew", "return", "lost", "claims-returned"] { buttons[name]?.isVisible = onLoans }
        let onShelves = entity == RecordType.shelf.entity
        buttons["history"]?.isVisible = onBooks || onLoans || entity == RecordType.borrower.entity
        buttons["show-shelf"]?.isVisible = onShelves
        widget.isVisible = showsCounts || onBooks || onLoans || onShelves || entity == RecordType.borrower.entity
        updateActions()
    }

    private func updateActions() {
        let state = selected.map { LoanState(fields: $0.fields) }
        let editable = canEdit && organization != nil && selected != nil
        actionByName["lend"]?.isEnabled = editable && entity == RecordType.book.entity
        actionByName["lend-book"]?.isEnabled = editable && entity == RecordType.borrower.entity
        actionByName["renew"]?.isEnabled = editable && state == .out
        actionByName["return"]?.isEnabled = editable && state?.isOpen == true
        actionByName["lost"]?.isEnabled = editable && (state == .out || state == .claimsReturned)
        actionByName["claims-returned"]?.isEnabled = editable && (state == .out || state == .lost)
        actionByName["history"]?.isEnabled = organization != nil && selected != nil
        actionByName["show-shelf"]?.isEnabled = organization != nil && selected != nil && entity == RecordType.shelf.entity
    }

    /// "12 out · 3 overdue · 5 due this week".
    func refreshCounts() {
        guard showsCounts else { return }
        countsRequest += 1
        let request = countsRequest
        guard let org = organization else {
            countsLabel.text = ""
            return
        }
        Task {
            guard let counts = try? await loans.counts(in: org), request == countsRequest else { return }
            let text = [trn("{count} out", "{count} out", counts.out),
                        trn("{count} overdue", "{count} overdue", counts.overdue),
                        trn("{count} due this week", "{count} due this week", counts.dueThisWeek)].joined(separator: " · ")
            countsLabel.text = text
            countsLabel.setAccessibleLabel(tr("Loans: {counts}", ["counts": text]))
        }
    }

    /// The bar's answer to the last move. A new move's answer takes its place at once: an older
    /// one left on screen (a toast waits while the pointer rests on it) would hold the new one
    /// back in the overlay's queue, or show again after it.
    private var lastToast: Toast?

    private func say(_ text: String, timeout: UInt32 = 5) {
        lastToast?.dismiss()
        lastToast = toasts.showToast(text, timeout: timeout)
    }

    // MARK: moves

    private func lend() {
        guard let org = organization, let book = selected, entity == RecordType.book.entity else { return }
        let title = RecordType.book.title(of: book.fields)
        Task {
            do {
                if let holder = try await loans.openLoan(ofBook: book.id, in: org) {
                    lastToast?.dismiss()
                    RefusalDialog.show(parent: window, heading: tr("Already on Loan"),
                                       reason: try await refusal(title: title, holder: holder, org: org))
                    return
                }
                let borrowers = try await records.list(.borrower, in: org)
                guard !borrowers.isEmpty else {
                    say(tr("Add a borrower first, on the Loans page."), timeout: 8)
                    return
                }
                let policy = try await loans.policy(in: org)
                let due = LoanService.today(in: org).adding(days: policy.loanDays)
                LendDialog.ask(parent: window, title: title, borrowers: borrowers, due: due) { [weak self] borrower, dueOn in
                    self?.run(tr("Lent “{title}”", ["title": title])) { service in
                        try await service.lend(book: book.id, to: borrower, due: dueOn, in: org)
                    }
                }
            } catch {
                say(tr("Could not lend the book: {error}", ["error": "\(error)"]))
            }
        }
    }

    /// On Borrowers: a book for the selected borrower, found by searching the catalogue.
    private func lendBook() {
        guard let org = organization, let borrower = selected, entity == RecordType.borrower.entity else { return }
        let name = RecordType.borrower.title(of: borrower.fields)
        Task {
            do {
                let policy = try await loans.policy(in: org)
                let due = LoanService.today(in: org).adding(days: policy.loanDays)
                LendBookDialog.ask(parent: window, borrower: name, records: records, org: org, due: due) { [weak self] book, title, dueOn in
                    self?.run(tr("Lent “{title}”", ["title": title])) { service in
                        try await service.lend(book: book, to: borrower.id, due: dueOn, in: org)
                    }
                }
            } catch {
                toasts.showToast(tr("Could not lend the book: {error}", ["error": "\(error)"]))
            }
        }
    }

    private func renew() {
        guard let loan = selected else { return }
        run(tr("Renewed")) { [organization] service in
            try await service.renew(loan.id, in: organization!)
        }
    }

    private func giveBack() {
        guard let loan = selected else { return }
        run(tr("Returned")) { [organization] service in
            try await service.giveBack(loan.id, in: organization!)
        }
    }

    private func mark(_ state: LoanState) {
        guard let loan = selected else { return }
        run(state == .lost ? tr("Marked lost") : tr("Marked claims returned")) { [organization] service in
            try await service.mark(loan.id, state, in: organization!)
        }
    }

    /// Runs a move; says what happened (the new due date after a renewal) or why it was refused.
    private func run(_ done: String, _ move: @escaping @MainActor (LoanService) async throws -> LocalRecord) {
        guard organization != nil else { return }
        Task {
            do {
                let loan = try await move(loans)
                let due = loan["dueOn"]?.stringValue ?? ""
                // A new due date is something to note down: it stays up longer than a plain "done".
                if LoanState(fields: loan.fields) == .out && !due.isEmpty {
                    say(tr("{done}: due {date}", ["done": done, "date": due]), timeout: 10)
                } else {
                    say(done)
                }
                onChanged?()
                refreshCounts()
            } catch let error as ValidationError {
                lastToast?.dismiss()
                RefusalDialog.show(parent: window, heading: tr("Not Done"), reason: Self.sentence(error))
            } catch {
                say(tr("Could not change the loan: {error}", ["error": "\(error)"]))
            }
        }
    }

    /// "“Gilead” is already on loan to Ann Lee, due 2026-12-11".
    private func refusal(title: String, holder: LocalRecord, org: Organization) async throws -> String {
        var name = tr("someone")
        if let id = holder["borrower"]?.stringValue.flatMap(UUID.init(uuidString:)),
           let borrower = try await records.record(.borrower, id: id, in: org) {
            name = RecordType.borrower.title(of: borrower.fields)
        }
        return tr("“{title}” is already on loan to {name}, due {date}; return that loan first",
                  ["title": title, "name": name, "date": holder["dueOn"]?.stringValue ?? ""])
    }

    /// A service refusal without the command-line hint it carries for `stewardctl`.
    private static func sentence(_ error: ValidationError) -> String {
        let message = error.issues.first?.message ?? error.description
        guard let hint = message.range(of: " (`stewardctl") else { return message }
        return String(message[..<hint.lowerBound])
    }

    // MARK: the shelf view

    private func showShelf() {
        guard shelfWindow == nil, let org = organization, let shelf = selected, entity == RecordType.shelf.entity else { return }
        Task {
            do {
                guard let layout = try await records.shelfLayout(shelf.id, in: org), shelfWindow == nil else { return }
                let shown = ShelfWindow(parent: window, layout: layout)
                shown.onClosed = { [weak self] in self?.shelfWindow = nil }
                shelfWindow = shown
                shown.present()
            } catch {
                say(tr("Could not read the shelf: {error}", ["error": "\(error)"]))
            }
        }
    }

    // MARK: history

    private func showHistory() {
        guard historyWindow == nil, let org = organization, let record = selected else { return }
        let subject: (id: UUID, type: RecordType)
        if entity == RecordType.loan.entity {
            guard let book = record["book"]?.stringValue.flatMap(UUID.init(uuidString:)) else { return }
            subject = (book, .book)
        } else if entity == RecordType.borrower.entity {
            subject = (record.id, .borrower)
        } else {
            subject = (record.id, .book)
        }
        let shown = LoanHistoryWindow(parent: window, subject: subject.id, type: subject.type, organization: org,
                                      loans: loans, records: records, canEdit: canEdit)
        shown.onClosed = { [weak self] in self?.historyWindow = nil }
        shown.onChanged = { [weak self] in self?.onChanged?() }
        historyWindow = shown
        shown.present()
    }
}
