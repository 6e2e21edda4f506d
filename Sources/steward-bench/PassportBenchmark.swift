import Foundation
import GRDB
import StewardCore
import StewardStore

/// The passport at scale on the store: `steward-bench --passport [--members N] [--events N]
/// [--entries N]` (50,000, 500 and 1,000,000 by default), on the SQLite backend.
///
/// The ledger is written straight into the store's records table (the store's triggers keep
/// its index and totals, as for every write), then each of these is timed: the leaderboard's
/// first page, a page at offset 1,000 and a member's own place (the app's leaderboard
/// endpoint), a member's total and level, and a check-in with the event's current code (the
/// endpoint's path, without HTTP). The baseline, measured in the same run, is a plain SQL
/// count over the ledger, and what the naive reads (a sum over the ledger) cost; a check-in,
/// a durable write, is also set against the cheapest durable write (one row, flushed).
enum PassportBenchmark {
    static let org = "bench-city"
    static let pageSize = 20
    /// A page well down the board, as an app scrolling it asks for.
    static let deepOffset = 1_000
    /// "A few milliseconds".
    static let goal = 5.0

    static func run(arguments: [String]) async throws -> Bool {
        let members = Benchmarks.value(of: "--members", in: arguments).flatMap(Int.init) ?? 50_000
        let events = Benchmarks.value(of: "--events", in: arguments).flatMap(Int.init) ?? 500
        let entries = Benchmarks.value(of: "--entries", in: arguments).flatMap(Int.init) ?? 1_000_000
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("steward-bench-passport-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("store.sqlite").path
        let store = try SQLiteStoreRepository(path: path)
        try await store.migrate()
        try await store.addOrg(OrgInfo(slug: org, name: "Bench City", timeZone: "America/New_York"))
        let now = Date()
        var seed = PassportSeed(members: members, events: events, entries: entries, now: now)
        let queue = try DatabaseQueue(path: path)
        // Only the seeding skips the disk flushes; what is timed below runs as the store does.
        try await queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = OFF") }
        let seconds = try Stopwatch.seconds { try queue.write { db in try seed.write(db) } }
        try queue.close()
        say("steward-bench --passport: \(ProcessInfo.processInfo.activeProcessorCount) cores; SQLite store with "
            + "\(members) members, \(events) events and \(seed.written) ledger entries, written in \(format(seconds, 1)) s "
            + "(the store's triggers indexing and totalling them)")

        let reader = try DatabaseQueue(path: path)
        defer { try? reader.close() }
        // The floor of any write the store makes: one row changed and committed to disk
        // (synchronous = FULL, as the store's writer), which a check-in cannot go under.
        let writer = try DatabaseQueue(path: path)
        defer { try? writer.close() }
        try await writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
        var durable: [Double] = []
        let runs = 25
        var count: [Double] = [], naiveBoard: [Double] = [], naiveTotal: [Double] = []
        var board: [Double] = [], total: [Double] = [], checkIn: [Double] = []
        var deepPage: [Double] = [], place: [Double] = []
        var lastPlace: LeaderboardRow?
        var firstPage: [LeaderboardRow] = []
        var standing: (stamps: Int, level: String) = (0, "")
        for run in 0..<runs {
            let member = seed.memberIds[(run * 7_919) % seed.memberIds.count]
            var start = Stopwatch.now()
            _ = try await reader.read { db in
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM records WHERE org = ? AND entity = 'stamp'", arguments: [org])
            }
            count.append(Stopwatch.milliseconds(since: start))

            start = Stopwatch.now()
            firstPage = try await store.leaderboard(org: org, limit: pageSize, levels: .standard)
            board.append(Stopwatch.milliseconds(since: start))

            // The app's endpoint: a page further down (ranked from the top), and the calling
            // member's own place.
            start = Stopwatch.now()
            _ = try await store.leaderboard(org: org, offset: deepOffset, limit: pageSize, levels: .standard)
            deepPage.append(Stopwatch.milliseconds(since: start))

            start = Stopwatch.now()
            lastPlace = try await store.leaderboardPlace(org: org, member: member, levels: .standard) ?? lastPlace
            place.append(Stopwatch.milliseconds(since: start))

            start = Stopwatch.now()
            let stamps = try await store.stampTotal(org: org, member: member)?.stamps ?? 0
            standing = (stamps, PassportLevels.standard.level(for: stamps)?.key ?? "none")
            total.append(Stopwatch.milliseconds(since: start))

            start = Stopwatch.now()
            try await writer.write { db in try db.execute(sql: "UPDATE orgs SET name = name WHERE slug = ?", arguments: [org]) }
            durable.append(Stopwatch.milliseconds(since: start))

            start = Stopwatch.now()
            let (entry, _) = try await StoreCheckIns.checkIn(event: seed.liveEvent, code: seed.code(at: Date()),
                                                             memberId: member, email: "\(member)@bench.example", org: org,
                                                             repository: store)
            checkIn.append(Stopwatch.milliseconds(since: start))
            precondition(!entry.isEmpty)

            if run < 3 {
                // The naive reads, a few times only: each takes long enough to say so.
                start = Stopwatch.now()
                _ = try await reader.read { db in
                    try Row.fetchAll(db, sql: """
                        SELECT json_extract(fields, '$.member') AS member, SUM(json_extract(fields, '$.stamps')) AS total
                        FROM records WHERE org = ? AND entity = 'stamp' GROUP BY member ORDER BY total DESC LIMIT ?
                        """, arguments: [org, pageSize])
                }
                naiveBoard.append(Stopwatch.milliseconds(since: start))
                start = Stopwatch.now()
                _ = try await reader.read { db in
                    try Int.fetchOne(db, sql: """
                        SELECT SUM(json_extract(fields, '$.stamps')) FROM records
                        WHERE org = ? AND entity = 'stamp' AND json_extract(fields, '$.member') = ?
                        """, arguments: [org, member])
                }
                naiveTotal.append(Stopwatch.milliseconds(since: start))
            }
        }
        let baseline = count.median
        func line(_ what: String, _ times: [Double]) -> String {
            let median = times.median
            return "  \(what.padding(toLength: 44, withPad: " ", startingAt: 0)) median \(format(median, 3)) ms, "
                + "p95 \(format(times.percentile(0.95), 3)) ms, \(format(median / baseline, 3))× the count"
        }
        say("""

        Ledger of \(seed.written) entries, \(runs) runs each:
        \(line("baseline: SELECT COUNT(*) over the ledger", count))
        \(line("leaderboard, first page (\(pageSize) members)", board))
        \(line("leaderboard, page at offset \(deepOffset)", deepPage))
        \(line("a member's own place (the endpoint's me)", place))
        \(line("a member's total and level", total))
        \(line("a check-in with the current code", checkIn))
        \(line("floor: one row written and flushed to disk", durable))
        \(line("naive leaderboard: SUM over the ledger", naiveBoard))
        \(line("naive member total: SUM over the ledger", naiveTotal))
        First page: \(firstPage.prefix(5).map { "\($0.rank). \($0.name) \($0.stamps)" }.joined(separator: ", "))…
        Last member read: \(standing.stamps) stamps, level \(standing.level); a member's place: \(lastPlace.map { "rank \($0.rank), \($0.stamps) stamps" } ?? "not shown")
        """)
        // A check-in is a durable write: it is held to the goal beyond what the disk's flush costs.
        let met = board.median < goal && total.median < goal && checkIn.median - durable.median < goal
        say("A check-in costs \(format(checkIn.median / durable.median, 2))× the flushed one-row write "
            + "(\(format(checkIn.median - durable.median, 3)) ms more).")
        say(met ? "\nAll passport goals met (each under \(format(goal, 0)) ms, a check-in beyond the disk's flush)."
            : "\nSome passport goals were missed (each should answer under \(format(goal, 0)) ms).")
        return met
    }
}

/// The benchmark's organization: members (a few minors and opt-outs), events over the past
/// year with one open for check-in now (and its key), and a ledger where each member has
/// entries at distinct events, some revoked.
struct PassportSeed {
    let members: Int
    let events: Int
    let entries: Int
    let now: Date
    private(set) var memberIds: [String] = []
    private(set) var eventIds: [String] = []
    private(set) var liveEvent = ""
    private(set) var written = 0
    private var version: Int64 = 0
    private let secret: [UInt8] = (0..<32).map { UInt8(($0 * 37 + 11) % 256) }

    init(members: Int, events: Int, entries: Int, now: Date) {
        self.members = members
        self.events = events
        self.entries = entries
        self.now = now
    }

    func code(at date: Date) -> String { CheckInCode(secret: secret).code(at: date) }

    mutating func write(_ db: Database) throws {
        let insert = try db.makeStatement(sql: """
            INSERT INTO records (org, entity, id, version, deleted, fields, sort_start, sort_end, changed_at, changed_by)
            VALUES (?, ?, ?, ?, 0, ?, NULL, NULL, ?, 'bench')
            """)
        let at = Int64(now.timeIntervalSince1970 * 1000)
        func add(_ entity: String, _ id: String, _ fields: JSONValue) throws {
            version += 1
            try insert.execute(arguments: [PassportBenchmark.org, entity, id, version, fields.canonicalText, at])
        }
        for index in 0..<members {
            let id = UUID().uuidString.lowercased()
            memberIds.append(id)
            var fields: [String: JSONValue] = [
                "displayName": .string("Member \(index)"), "email": .string("member\(index)@bench.example"),
                "audience": .string("residents"), "minor": .bool(index % 20 == 0),
            ]
            if index % 50 == 1 { fields["leaderboard"] = .string(LeaderboardChoice.optOut.rawValue) }
            if index % 40 == 0 { fields["leaderboard"] = .string(LeaderboardChoice.optIn.rawValue) }
            try add(RecordType.member.entity, id, .object(fields))
        }
        for index in 0..<events {
            let id = UUID().uuidString.lowercased()
            eventIds.append(id)
            // The last event is on now, open for check-in; the others spread over the past year.
            let start = index == events - 1 ? now.addingTimeInterval(-600)
                : now.addingTimeInterval(-Double(events - index) * 365 * 86_400 / Double(events))
            let details = EventDetails(title: "Event \(index)",
                                       timing: .timed(start: start, end: start.addingTimeInterval(7_200), timeZone: "America/New_York"),
                                       stampValue: 1 + index % 3)
            try add(SyncEntity.event, id, details.syncFields)
        }
        liveEvent = eventIds[events - 1]
        try add(RecordType.checkInKey.entity, liveEvent,
                .object(["event": .string(liveEvent), "secret": .string(Data(secret).base64EncodedString())]))
        // Each member's k-th entry is at a distinct event (the live one left for the check-ins);
        // one entry in a hundred is then revoked.
        let perMember = max(1, entries / max(1, members))
        var made: [(id: String, member: String, event: String, stamps: Int, at: Date)] = []
        made.reserveCapacity(entries)
        outer: for round in 0..<perMember {
            for (m, member) in memberIds.enumerated() {
                guard made.count < entries - entries / 100 else { break outer }
                let e = (round * 37 + m * 13) % (events - 1)
                let event = eventIds[e]
                let stamps = 1 + e % 3
                let when = now.addingTimeInterval(-Double(events - e) * 365 * 86_400 / Double(events) + Double(m % 3_600))
                let id = CheckInRules.entryId(member: member, event: event)
                try add(RecordType.stamp.entity, id,
                        StampEntry.fields(member: member, event: event, stamps: stamps, kind: m % 10 == 0 ? .grant : .checkIn,
                                          by: "member:\(member)", at: when, note: m % 10 == 0 ? "Paper sheet" : ""))
                made.append((id, member, event, stamps, when))
            }
        }
        var position = 0
        while made.count + position < entries, position * 97 < made.count {
            let target = made[position * 97]
            try add(RecordType.stamp.entity, UUID().uuidString.lowercased(),
                    StampEntry.fields(member: target.member, event: target.event, stamps: -target.stamps, kind: .revoke,
                                      by: "staff@bench.example", at: target.at.addingTimeInterval(86_400),
                                      note: "Not there", reverses: target.id))
            position += 1
        }
        written = made.count + position
        try db.execute(sql: "UPDATE orgs SET last_seq = ? WHERE slug = ?", arguments: [version, PassportBenchmark.org])
    }
}
