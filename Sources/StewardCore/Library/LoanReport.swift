import Foundation
import GRDB

/// The loans a librarian chases: overdue, or due in the next days, grouped by borrower with
/// their contact details, so one call or one e-mail covers everything a person has.
public struct LoanReport: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// Out past their due date.
        case overdue
        /// Out and due from today through `days` days from now (overdue ones aside).
        case dueWithin(days: Int)
    }

    public struct Line: Sendable, Equatable {
        public var loanId: UUID
        public var bookId: UUID?
        public var title: String
        public var authors: String
        public var isbn: String
        public var lentOn: LocalDate
        public var dueOn: LocalDate
        /// Days past due: 3 when due three days ago, 0 on the due day, -2 when due in two days.
        public var daysLate: Int
        public var renewals: Int
    }

    public struct Group: Sendable, Equatable {
        public var borrowerId: UUID?
        public var name: String
        public var phone: String
        public var email: String
        /// Most overdue first, then by title.
        public var lines: [Line]

        /// The most days late of the borrower's loans.
        public var mostDaysLate: Int { lines.map(\.daysLate).max() ?? 0 }
    }

    public var kind: Kind
    public var today: LocalDate
    /// The most overdue borrower first (for due-soon: the soonest due), then by name.
    public var groups: [Group]

    public var loanCount: Int { groups.reduce(0) { $0 + $1.lines.count } }
}

extension LoanService {
    /// The overdue or due-soon report on `today` (today in the organization's zone by default).
    /// It reads only open loans through their index, then their books and borrowers by id.
    public func report(_ kind: LoanReport.Kind, today: LocalDate? = nil, in org: Organization) async throws -> LoanReport {
        let today = today ?? Self.today(in: org)
        return try await database.writer.read { db in
            let loans: [LocalRecord]
            switch kind {
            case .overdue:
                loans = try LoanQueries.outDue(from: nil, through: today.adding(days: -1), orgId: org.id, db)
            case .dueWithin(let days):
                loans = try LoanQueries.outDue(from: today, through: today.adding(days: max(0, days)), orgId: org.id, db)
            }
            return LoanReport(kind: kind, today: today, groups: try Self.groups(loans, today: today, kind: kind, db))
        }
    }

    private static func groups(_ loans: [LocalRecord], today: LocalDate, kind: LoanReport.Kind,
                               _ db: Database) throws -> [LoanReport.Group] {
        let storage = SharedRecordStorage()
        var people: [String: LocalRecord?] = [:]
        var byBorrower: [String: [LoanReport.Line]] = [:]
        for loan in loans {
            guard let dueOn = loan["dueOn"]?.stringValue.flatMap(LocalDate.init(iso:)),
                  let lentOn = loan["lentOn"]?.stringValue.flatMap(LocalDate.init(iso:)) else { continue }
            let bookKey = loan["book"]?.stringValue ?? ""
            let book = try storage.fetch(entity: RecordType.book.entity, id: bookKey, db)
            let borrowerKey = loan["borrower"]?.stringValue ?? ""
            if people[borrowerKey] == nil {
                people[borrowerKey] = .some(try storage.fetch(entity: RecordType.borrower.entity, id: borrowerKey, db))
            }
            byBorrower[borrowerKey, default: []].append(LoanReport.Line(
                loanId: loan.id, bookId: UUID(uuidString: bookKey),
                title: book?["title"]?.stringValue ?? "", authors: book?["authors"]?.stringValue ?? "",
                isbn: book?["isbn"]?.stringValue ?? "", lentOn: lentOn, dueOn: dueOn,
                daysLate: CivilTime.days(year: today.year, month: today.month, day: today.day)
                    - CivilTime.days(year: dueOn.year, month: dueOn.month, day: dueOn.day),
                renewals: Int(loan["renewals"]?.int64Value ?? 0)))
        }
        let groups = byBorrower.map { key, lines in
            let person = people[key] ?? nil
            return LoanReport.Group(
                borrowerId: UUID(uuidString: key), name: person?["name"]?.stringValue ?? "",
                phone: person?["phone"]?.stringValue ?? "", email: person?["email"]?.stringValue ?? "",
                lines: lines.sorted { ($1.daysLate, $0.title, $0.loanId.uuidString) < ($0.daysLate, $1.title, $1.loanId.uuidString) })
        }
        return groups.sorted { a, b in
            if a.mostDaysLate != b.mostDaysLate { return a.mostDaysLate > b.mostDaysLate }
            return (a.name.lowercased(), a.borrowerId?.uuidString ?? "") < (b.name.lowercased(), b.borrowerId?.uuidString ?? "")
        }
    }
}
