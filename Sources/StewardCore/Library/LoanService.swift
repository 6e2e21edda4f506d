import Foundation
import GRDB
import Translation

/// The librarian's moves on loans: lend, renew, return, mark lost, claims returned. Each is an
/// ordinary record write through the kit (`RecordService`), so it is validated by the loan's
/// declaration, syncs, keeps history and settles conflicts like any record; what is checked
/// here is what a move needs beyond the fields (the book is free, the renewal limit). A refusal
/// is a `ValidationError` naming the field at fault, and changes nothing.
public final class LoanService: Sendable {
    public let database: AppDatabase
    private let records: RecordService

    public init(database: AppDatabase) {
        self.database = database
        self.records = RecordService(database: database)
    }

    /// The organization's lending policy, or the defaults when it has none.
    public func policy(in org: Organization) async throws -> LendingPolicy {
        LendingPolicy(fields: try await records.list(.lendingPolicy, in: org).first?.fields)
    }

    /// Lends a book: due after the organization's loan period unless `due` says otherwise.
    /// Refused when the book is on an open loan, naming who has it.
    @discardableResult
    public func lend(book: UUID, to borrower: UUID, on day: LocalDate? = nil, due: LocalDate? = nil, note: String = "",
                     in org: Organization) async throws -> LocalRecord {
        let lentOn = day ?? Self.today(in: org)
        if let holder = try await openLoan(ofBook: book, in: org) {
            throw ValidationError(field: "book", message: try await refusal(for: holder, in: org))
        }
        let loanDays = try await policy(in: org).loanDays
        let dueOn = due ?? lentOn.adding(days: loanDays)
        return try await records.create(.loan, fields: .object([
            "book": .string(UUIDColumn.encode(book)), "borrower": .string(UUIDColumn.encode(borrower)),
            "lentOn": .string(lentOn.description), "dueOn": .string(dueOn.description),
            "state": .string(LoanState.out.rawValue), "note": .string(note),
        ]), in: org)
    }

    /// Renews a loan that is out: a new due date (the loan period from today, or from the due
    /// date when that is later) and one more renewal, up to the organization's limit.
    @discardableResult
    public func renew(_ id: UUID, due: LocalDate? = nil, on day: LocalDate? = nil, in org: Organization) async throws -> LocalRecord {
        let loan = try await live(id, in: org)
        try Self.require(loan, in: [.out], toDo: tr("renewed"))
        let policy = try await policy(in: org)
        let renewals = Int(loan["renewals"]?.int64Value ?? 0)
        if renewals >= policy.maxRenewals {
            throw ValidationError(field: "renewals", message: trn(
                "has reached this organization's limit of {count} renewal; return the book and lend it again",
                "has reached this organization's limit of {count} renewals; return the book and lend it again",
                policy.maxRenewals))
        }
        let today = day ?? Self.today(in: org)
        let currentDue = loan["dueOn"]?.stringValue.flatMap(LocalDate.init(iso:)) ?? today
        let newDue = due ?? max(today, currentDue).adding(days: policy.loanDays)
        return try await records.update(.loan, id: id, changes: [
            "dueOn": .string(newDue.description), "renewals": .int(Int64(renewals + 1)),
        ], in: org)
    }

    /// Takes a book back: the loan is returned on `day` (today by default) with a note on its
    /// condition. A lost or claimed-returned loan is settled this way too, when the book turns up.
    @discardableResult
    public func giveBack(_ id: UUID, on day: LocalDate? = nil, condition: String = "", in org: Organization) async throws -> LocalRecord {
        let loan = try await live(id, in: org)
        try Self.require(loan, in: [.out, .lost, .claimsReturned], toDo: tr("returned"))
        return try await records.update(.loan, id: id, changes: [
            "state": .string(LoanState.returned.rawValue), "returnedOn": .string((day ?? Self.today(in: org)).description),
            "condition": .string(condition),
        ], in: org)
    }

    /// Marks a loan lost, or claims-returned (the borrower says it came back, it has not been
    /// found), keeping who marked it and when. The loan stays open until it is returned.
    @discardableResult
    public func mark(_ id: UUID, _ state: LoanState, on day: LocalDate? = nil, in org: Organization) async throws -> LocalRecord {
        precondition(state == .lost || state == .claimsReturned, "only lost and claims-returned are marked")
        let loan = try await live(id, in: org)
        let from: Set<LoanState> = state == .lost ? [.out, .claimsReturned] : [.out, .lost]
        try Self.require(loan, in: from, toDo: state == .lost ? tr("marked lost") : tr("marked claims-returned"))
        let author = try await database.writer.read { db in try HistoryLog.localAuthor(orgId: org.id, db) }
        return try await records.update(.loan, id: id, changes: [
            "state": .string(state.rawValue), "markedBy": .string(author),
            "markedOn": .string((day ?? Self.today(in: org)).description),
        ], in: org)
    }

    // MARK: Reads

    /// The open loan of a book (out, lost or claims-returned), if there is one.
    public func openLoan(ofBook book: UUID, in org: Organization) async throws -> LocalRecord? {
        try await database.writer.read { db in
            try LoanQueries.openLoans(ofBook: UUIDColumn.encode(book), orgId: org.id, db).first
        }
    }

    /// A book's or a borrower's loans, newest first: their lending history.
    public func history(of id: UUID, as type: RecordType, in org: Organization) async throws -> [LocalRecord] {
        let field = type.entity == RecordType.borrower.entity ? "borrower" : "book"
        let loans = try await database.writer.read { db in
            try LoanQueries.loans(where: field, is: UUIDColumn.encode(id), orgId: org.id, db)
        }
        return loans.sorted { ($0["lentOn"]?.stringValue ?? "", $0.key) > ($1["lentOn"]?.stringValue ?? "", $1.key) }
    }

    /// Today in the organization's zone: loans are lent and due on its calendar days.
    public static func today(in org: Organization, now: Date = Date()) -> LocalDate {
        LocalDate(now, in: org.timeZone)
    }

    // MARK: Rules

    private func live(_ id: UUID, in org: Organization) async throws -> LocalRecord {
        guard let loan = try await records.record(.loan, id: id, in: org) else {
            throw RecordServiceError.notFound(noun: RecordType.loan.noun, id: id)
        }
        return loan
    }

    private static func require(_ loan: LocalRecord, in states: Set<LoanState>, toDo action: String) throws {
        let state = LoanState(fields: loan.fields)
        guard !states.contains(state) else { return }
        throw ValidationError(field: "state", message: tr("is {state}, so the loan cannot be {action}",
                                                           ["state": state.rawValue, "action": action]))
    }

    /// "is already lent to Ann Lee (loan …, due 2026-12-27); return it first".
    private func refusal(for holder: LocalRecord, in org: Organization) async throws -> String {
        var name = tr("someone")
        if let borrower = holder["borrower"]?.stringValue.flatMap(UUID.init(uuidString:)),
           let record = try await records.record(.borrower, id: borrower, in: org) {
            name = RecordType.borrower.title(of: record.fields)
        }
        let state = LoanState(fields: holder.fields)
        return tr("is already lent to {name} (loan {id}, {state}, due {due}); return that loan first (`{command}`)",
                  ["name": name, "id": holder.key, "state": state.rawValue, "due": holder["dueOn"]?.stringValue ?? "",
                   "command": "stewardctl loans return \(holder.key)"])
    }
}
