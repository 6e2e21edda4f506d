import Foundation
import GRDB
import StewardCore

/// A bulk stamp grant (`stewardctl stamps import`: a sign-in sheet of `count` e-mails) against
/// raw SQLite inserts of the same stamp entries, measured in the same run. The organization has
/// `count` members and a ledger of as many earlier entries (each member stamped once before at
/// another event), which the grant reads to give nobody a second stamp.
struct StampGrantBenchmark {
    let count: Int
    let rounds: Int
    let folder: URL

    struct Result {
        let count: Int
        let rates: RateAgainstRaw
        var ratio: Double { rates.ratio }

        var report: String {
            "Bulk stamp grant of \(count) e-mails (\(count) members, a ledger of \(count) earlier entries; medians of rounds, alternating)\n"
                + rates.lines(steward: "members found by e-mail, ledger read, entries checked, entries + outbox + history written",
                              raw: "one prepared INSERT per entry, one transaction, nothing checked, no outbox or history",
                              unit: "entries")
        }
    }

    func run() async throws -> Result {
        let org = Organization(slug: "bench-stamps", name: "Bench Stamps", timeZoneIdentifier: "America/Chicago", kind: .cityOffice)
        let members = (0..<count).map { _ in UUID().uuidString.lowercased() }
        let emails = (0..<count).map { "member\($0)@residents.example" }
        var stewardTimes: [Double] = []
        var rawTimes: [Double] = []
        var granted = 0
        for round in 1...rounds {
            let steward = try await seeded(folder.appendingPathComponent("stamps-steward-\(round).sqlite").path,
                                           org: org, members: members, emails: emails)
            let raw = try await seeded(folder.appendingPathComponent("stamps-raw-\(round).sqlite").path,
                                       org: org, members: members, emails: emails)
            let ledger = StampLedger(database: steward.database)
            stewardTimes.append(try await Stopwatch.seconds {
                granted = try await ledger.grantAll(emails: emails, event: steward.event, note: "Sign-in sheet", in: org).entries.count
            })
            // The same entries, made ready beforehand: the raw side only inserts.
            let at = Date()
            let rows = members.map { member in
                JSONValue.object(["member": .string(member), "event": .string(raw.event.uuidString.lowercased()), "stamps": .int(2),
                                  "kind": .string("grant"), "by": .string("staff@city.example"),
                                  "at": .string(DateTimeText.storage(at)), "note": .string("Sign-in sheet")]).canonicalText
            }
            rawTimes.append(try await Stopwatch.seconds { try await Self.rawInsert(rows, org: org, into: raw.database) })
        }
        return Result(count: count, rates: RateAgainstRaw(written: granted, rawRows: count,
                                                          stewardSeconds: stewardTimes.median, rawSeconds: rawTimes.median))
    }

    /// A database with the organization, its members, an event giving 2 stamps, and each
    /// member's entry for an earlier event; written straight into the tables.
    private func seeded(_ path: String, org: Organization, members: [String],
                        emails: [String]) async throws -> (database: AppDatabase, event: UUID) {
        let database = try AppDatabase.open(path: path)
        try await database.writer.write { db in try org.insert(db) }
        let start = Date().addingTimeInterval(-86_400)
        let details = EventDetails(title: "Food Fair", timing: .timed(start: start, end: start.addingTimeInterval(7_200),
                                                                      timeZone: org.timeZoneIdentifier),
                                   stampValue: 2)
        try EventService(database: database).insertMany([details], in: org)
        let eventKey = try await database.writer.read { db in
            try String.fetchOne(db, sql: "SELECT id FROM event WHERE orgId = ?", arguments: [org.id.uuidString.lowercased()])
        }
        guard let eventKey, let event = UUID(uuidString: eventKey) else { throw BenchError("the event was not stored") }
        let earlierEvent = UUID().uuidString.lowercased()
        let orgKey = org.id.uuidString.lowercased()
        try await database.writer.write { db in
            let insert = try db.makeStatement(sql: """
                INSERT INTO record (entity, id, orgId, version, createdAt, updatedAt, deleted, fields)
                VALUES (?, ?, ?, 1, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', 0, ?)
                """)
            for (index, member) in members.enumerated() {
                try insert.execute(arguments: ["member", member, orgKey, JSONValue.object([
                    "displayName": .string("Member \(index)"), "email": .string(emails[index]),
                    "audience": .string("residents"), "minor": .bool(false),
                ]).canonicalText])
                try insert.execute(arguments: ["stamp", UUID().uuidString.lowercased(), orgKey, JSONValue.object([
                    "member": .string(member), "event": .string(earlierEvent), "stamps": .int(1), "kind": .string("check-in"),
                    "by": .string(emails[index]), "at": .string("2025-06-01T18:00:00.000Z"),
                ]).canonicalText])
            }
        }
        return (database, event)
    }

    private static func rawInsert(_ rows: [String], org: Organization, into database: AppDatabase) async throws {
        try await database.writer.write { db in
            let statement = try db.makeStatement(sql: """
                INSERT INTO record (entity, id, orgId, version, createdAt, updatedAt, deleted, fields)
                VALUES ('stamp', ?, ?, 0, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', 0, ?)
                """)
            let orgKey = org.id.uuidString.lowercased()
            for fields in rows {
                try statement.execute(arguments: [UUID().uuidString.lowercased(), orgKey, fields])
            }
        }
    }
}
