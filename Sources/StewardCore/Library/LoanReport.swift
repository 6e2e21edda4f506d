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
    /// One query reads only the open loans through their index, with the few fields the report
    /// shows of each loan, its book and its borrower: no record is parsed, so a report of a
    /// thousand overdue loans among a million past ones takes a few milliseconds.
    public func report(_ kind: LoanReport.Kind, today: LocalDate? = nil, in org: Organization) async throws -> LoanReport {
        let today = today ?? Self.today(in: org)
        return try await database.writer.read { db in
            let rows: [LoanQueries.ReportRow]
            switch kind {
            case .overdue:
                rows = try LoanQueries.reportRows(from: nil, through: today.adding(days: -1), orgId: org.id, db)
            case .dueWithin(let days):
                rows = try LoanQueries.reportRows(from: today, through: today.adding(days: max(0, days)), orgId: org.id, db)
            }
            return LoanReport(kind: kind, today: today, groups: Self.groups(rows, today: today))
        }
    }

    private static func groups(_ rows: [LoanQueries.ReportRow], today: LocalDate) -> [LoanReport.Group] {
        var people: [String: LoanQueries.ReportRow] = [:]
        var byBorrower: [String: [LoanReport.Line]] = [:]
        let todayNumber = CivilTime.days(year: today.year, month: today.month, day: today.day)
        for row in rows {
            guard let loanId = UUID(uuidString: row.loanId),
                  let dueOn = LocalDate(iso: row.dueOn), let lentOn = LocalDate(iso: row.lentOn) else { continue }
            if people[row.borrower] == nil { people[row.borrower] = row }
            byBorrower[row.borrower, default: []].append(LoanReport.Line(
                loanId: loanId, bookId: UUID(uuidString: row.book),
                title: row.title, authors: row.authors, isbn: row.isbn, lentOn: lentOn, dueOn: dueOn,
                daysLate: todayNumber - CivilTime.days(year: dueOn.year, month: dueOn.month, day: dueOn.day),
                renewals: row.renewals))
        }
        let groups = byBorrower.map { key, lines in
            let person = people[key]
            return LoanReport.Group(
                borrowerId: UUID(uuidString: key), name: person?.name ?? "",
                phone: person?.phone ?? "", email: person?.email ?? "",
                lines: lines.sorted { ($1.daysLate, $0.title, $0.loanId.uuidString) < ($0.daysLate, $1.title, $1.loanId.uuidString) })
        }
        return groups.sorted { a, b in
            if a.mostDaysLate != b.mostDaysLate { return a.mostDaysLate > b.mostDaysLate }
            return (a.name.lowercased(), a.borrowerId?.uuidString ?? "") < (b.name.lowercased(), b.borrowerId?.uuidString ?? "")
        }
    }
}
