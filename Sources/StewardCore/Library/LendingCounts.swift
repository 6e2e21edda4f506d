import Foundation
import GRDB

/// The three numbers the Loans page shows at a glance: books out, how many of them are
/// overdue, and how many fall due in the coming week. Counted through the open-loan due-date
/// index, so they cost the same however many past loans the library keeps.
public struct LendingCounts: Sendable, Equatable {
    /// Loans out (lost and claims-returned ones aside: they are not expected back on a date).
    public var out: Int
    /// Out and past their due day.
    public var overdue: Int
    /// Out and due from today through six days from now: this week's returns.
    public var dueThisWeek: Int

    public init(out: Int, overdue: Int, dueThisWeek: Int) {
        self.out = out
        self.overdue = overdue
        self.dueThisWeek = dueThisWeek
    }
}

extension LoanService {
    public func counts(today: LocalDate? = nil, in org: Organization) async throws -> LendingCounts {
        let today = today ?? Self.today(in: org)
        return try await database.writer.read { db in
            LendingCounts(
                out: try LoanQueries.countOutDue(from: nil, through: nil, orgId: org.id, db),
                overdue: try LoanQueries.countOutDue(from: nil, through: today.adding(days: -1), orgId: org.id, db),
                dueThisWeek: try LoanQueries.countOutDue(from: today, through: today.adding(days: 6), orgId: org.id, db))
        }
    }
}
