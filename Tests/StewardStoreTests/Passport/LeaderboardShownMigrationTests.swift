import Foundation
import GRDB
import Testing
import StewardCore
@testable import StewardStore

/// The SQLite migration that adds the leaderboard's `shown` flag fills it for a store made
/// before it: an opted-out member's total is hidden, an adult's shown, a minor's hidden.
@Suite("Leaderboard shown flag migration")
struct LeaderboardShownMigrationTests {
    @Test("existing totals get their members' flags and names")
    func fillsExistingTotals() throws {
        let queue = try DatabaseQueue()
        try SQLiteSchema.migrator.migrate(queue, upTo: "class-schedule-reads")
        try queue.write { db in
            try db.execute(sql: "INSERT INTO orgs (slug, name, time_zone, last_seq, purged_through_seq) VALUES ('o', 'O', 'UTC', 0, 0)")
            var version: Int64 = 0
            func add(_ entity: String, _ id: String, _ fields: JSONValue) throws {
                version += 1
                try db.execute(sql: """
                    INSERT INTO records (org, entity, id, version, deleted, fields, changed_at) VALUES ('o', ?, ?, ?, 0, ?, 0)
                    """, arguments: [entity, id, version, fields.canonicalText])
            }
            let people: [(String, JSONValue)] = [
                ("ann", .object(["displayName": .string("Ann")])),
                ("bo", .object(["displayName": .string("Bo"), "leaderboard": .string("opt-out")])),
                ("cy", .object(["displayName": .string("Cy"), "minor": .bool(true)])),
            ]
            for (id, fields) in people {
                try add("member", id, fields)
                try add("stamp", "s-\(id)", StampEntry.fields(member: id, event: "e", stamps: 2, kind: .grant, by: "staff",
                                                              at: Date(), note: "Sheet"))
            }
        }
        try SQLiteSchema.migrator.migrate(queue)
        let rows = try queue.read { db in
            try Row.fetchAll(db, sql: "SELECT member, shown, name, stamps FROM stamp_totals ORDER BY member")
                .map { "\($0["member"] as String) \($0["shown"] as Int) \($0["name"] as String) \($0["stamps"] as Int)" }
        }
        #expect(rows == ["ann 1 Ann 2", "bo 0 Bo 2", "cy 0 Cy 2"])
    }
}
