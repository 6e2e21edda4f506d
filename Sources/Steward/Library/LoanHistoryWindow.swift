import Foundation
import GtkKit
import StewardCore
import Translation

/// "Loans of Gilead" or "Loans of Ann Lee": every loan of a book or a borrower, newest
/// first (`LoanService.history`), each saying who or what, when it was lent and due, how
/// often renewed, and where it stands (out, overdue, returned on a day, lost, claims returned).
/// Above the loans, a book's readers and reviews, or a borrower's reading lists.
@MainActor
final class LoanHistoryWindow {
    private let ui: Builder
    private let window: Window
    private let stack: Stack
    private let list: ListBox
    /// Until the loans are read: the spinner, not an empty list.
    private let loading: LoadingPage
    private let readingBox: Box
    /// The sections shown now, removed when a review or list entry saved here is read again.
    private var shownSections: [Widget] = []
    private let canEdit: Bool
    private var editor: RecordEditor?
    var onClosed: (() -> Void)?
    /// A review or list entry was saved here: the lists read again and sync follows.
    var onChanged: (() -> Void)?

    init(parent: Window, subject: UUID, type: RecordType, organization: Organization, loans: LoanService,
         records: RecordService, canEdit: Bool) {
        self.canEdit = canEdit
        ui = Builder(resource: ResourceBundle.path("Library/loan-history.ui"))
        window = ui.object("loan_history_window")
        stack = ui.object("loan_history_stack")
        list = ui.object("loans_list")
        readingBox = ui.object("reading_box")
        loading = LoadingPage(in: stack, pages: ["loans", "empty", "error"])
        loading.show()
        window.setTransientFor(parent)
        window.onCloseRequest { [weak self] in
            self?.onClosed?()
            return false
        }
        let actions = ActionGroup()
        actions.addAction("close") { [weak self] in self?.window.close() }
        window.insertActionGroup(actions, prefix: "loan-history")
        let close = ShortcutController(scope: .managed)
        close.add(trigger: "Escape", action: "loan-history.close")
        window.addController(close)
        Task { await load(subject: subject, type: type, org: organization, loans: loans, records: records) }
    }

    func present() { window.present() }

    private func load(subject: UUID, type: RecordType, org: Organization, loans: LoanService, records: RecordService) async {
        do {
            let name = try await records.record(type, id: subject, in: org).map { type.title(of: $0.fields) } ?? ""
            let heading = tr("Loans of {name}", ["name": name])
            window.title = heading
            ui.object("loan_history_title", as: WindowTitle.self).title = heading
            let found = try await loans.history(of: subject, as: type, in: org)
            // A book's loans name their borrowers; a borrower's loans name their books.
            let other: RecordType = type.entity == RecordType.borrower.entity ? .book : .borrower
            let names = try await records.titles(of: other.entity, in: org)
            let sections = try await readingSections(subject: subject, type: type, org: org, loans: loans, records: records)
            guard !found.isEmpty || !sections.isEmpty else {
                ui.object("loan_history_empty", as: StatusPage.self).statusDescription = type.entity == RecordType.borrower.entity
                    ? tr("{name} has borrowed nothing yet.", ["name": name])
                    : tr("“{name}” has not been lent yet.", ["name": name])
                loading.finish(showing: "empty")
                return
            }
            for loan in found {
                let otherId = loan[other.entity]?.stringValue.flatMap(UUID.init(uuidString:))
                list.append(row(loan, title: otherId.flatMap { names[$0] } ?? ""))
            }
            if found.isEmpty { list.append(ActionRow(title: type.entity == RecordType.borrower.entity ? tr("Nothing borrowed yet") : tr("Not lent yet"))) }
            if !sections.isEmpty {
                show(sections)
                // With sections above, the loans need a heading of their own.
                ui.object("loans_heading", as: Widget.self).isVisible = true
            }
            loading.finish(showing: "loans")
        } catch {
            ui.object("loan_history_error", as: StatusPage.self).statusDescription = Label.escapeMarkup("\(error)")
            loading.finish(showing: "error")
        }
    }

    private func show(_ sections: [Widget]) {
        for section in shownSections { readingBox.remove(section) }
        for section in sections { readingBox.append(section) }
        shownSections = sections
        readingBox.isVisible = !sections.isEmpty
    }

    /// A book's readers and reviews, or a borrower's reading lists (`ReadingSections`).
    private func readingSections(subject: UUID, type: RecordType, org: Organization, loans: LoanService,
                                 records: RecordService) async throws -> [Widget] {
        let edit: ReadingSections.Edit? = canEdit ? { [weak self] edited, record, filled in
            self?.openEditor(edited, record: record, filled: filled, subject: subject, subjectType: type, org: org,
                             loans: loans, records: records)
        } : nil
        if type.entity == RecordType.borrower.entity {
            let entries = try await records.readingList(ofBorrower: subject, in: org)
            guard !entries.isEmpty || canEdit else { return [] }
            return ReadingSections.lists(entries, of: subject, bookTitles: try await records.titles(of: RecordType.book.entity, in: org),
                                         edit: edit)
        }
        let readers = try await loans.readers(of: subject, in: org)
        let reviews = try await records.reviews(ofBook: subject, in: org)
        let borrowerNames = reviews.isEmpty ? [:] : try await records.titles(of: RecordType.borrower.entity, in: org)
        return [ReadingSections.readers(readers),
                ReadingSections.reviews(reviews, of: subject, borrowerNames: borrowerNames, edit: edit)].compactMap { $0 }
    }

    /// The kit's editor on a review or list entry (a new one filled with this book or person);
    /// once saved, the sections are read again and the page's lists follow.
    private func openEditor(_ type: RecordType, record: LocalRecord?, filled: JSONValue?, subject: UUID, subjectType: RecordType,
                            org: Organization, loans: LoanService, records: RecordService) {
        guard editor == nil else { return }
        Task {
            var titles: [String: [UUID: String]] = [:]
            for (_, entity) in type.references { titles[entity] = (try? await records.titles(of: entity, in: org)) ?? [:] }
            guard editor == nil else { return }
            let shown = RecordEditor(parent: window, type: type, organization: org, record: record, filledWith: filled,
                                     context: FormContext(zone: org.timeZone, titles: titles), canEdit: canEdit) { [weak self] fields in
                if let record {
                    _ = try await records.replace(type, id: record.id, fields: fields, in: org)
                } else {
                    _ = try await records.create(type, fields: fields, in: org)
                }
                guard let self else { return }
                self.onChanged?()
                if let sections = try? await self.readingSections(subject: subject, type: subjectType, org: org, loans: loans,
                                                                  records: records) {
                    self.show(sections)
                }
            }
            shown.onClosed = { [weak self] in self?.editor = nil }
            editor = shown
            shown.present()
        }
    }

    private func row(_ loan: LocalRecord, title: String) -> Widget {
        let lent = loan["lentOn"]?.stringValue ?? ""
        let due = loan["dueOn"]?.stringValue ?? ""
        var parts = [tr("lent {date}", ["date": lent]), tr("due {date}", ["date": due])]
        let renewals = Int(loan["renewals"]?.int64Value ?? 0)
        if renewals > 0 { parts.append(trn("renewed {count} time", "renewed {count} times", renewals)) }
        let state = LoanState(fields: loan.fields)
        switch state {
        case .returned:
            parts.append(tr("returned {date}", ["date": loan["returnedOn"]?.stringValue ?? ""]))
            if let condition = loan["condition"]?.stringValue, !condition.isEmpty { parts.append(condition) }
        case .lost, .claimsReturned:
            parts.append(tr("{state} on {date}", ["state": state.text, "date": loan["markedOn"]?.stringValue ?? ""]))
        case .out:
            parts.append(RecordType.loan.statusText(of: loan.fields) ?? state.text)
        }
        let row = ActionRow(title: title.isEmpty ? tr("(removed)") : title, subtitle: parts.joined(separator: " · "))
        row.setAccessibleLabel(([title] + parts).joined(separator: ", "))
        return row
    }
}
