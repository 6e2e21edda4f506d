import Foundation
import StewardCore
import StewardStore

/// The passport at scale on the store: `steward-bench --passport [--members N] [--events N]
/// [--entries N] [--postgres URL [--keep]]` (50,000, 500 and 1,000,000 by default), on the
/// SQLite backend, or on PostgreSQL when a URL is given (`--keep` leaves the benchmark's
/// organization there afterwards, for a look at the plans).
///
/// The ledger is written straight into the store's records table (the store's triggers keep
/// its index and totals, as for every write), then each of these is timed: the leaderboard's
/// first page, pages at offsets 1,000 and 40,000 and a member's own place (the app's
/// leaderboard endpoint), a member's total and level, and a check-in with the event's current
/// code (the endpoint's path, without HTTP). The baseline, measured in the same run, is a plain
/// SQL count over the ledger, and what the naive reads (a sum over the ledger) cost; a check-in,
/// a durable write, is also set against the cheapest durable write (one row, committed).
enum PassportBenchmark {
    static let pageSize = 20
    /// Pages well down the board, as an app scrolling it asks for.
    static let deepOffsets = [1_000, 40_000]
    /// "A few milliseconds".
    static let goal = 5.0

    static func run(arguments: [String]) async throws -> Bool {
        let members = Benchmarks.value(of: "--members", in: arguments).flatMap(Int.init) ?? 50_000
        let events = Benchmarks.value(of: "--events", in: arguments).flatMap(Int.init) ?? 500
        let entries = Benchmarks.value(of: "--entries", in: arguments).flatMap(Int.init) ?? 1_000_000
        var seed = PassportSeed(members: members, events: events, entries: entries, now: Date())
        if let url = Benchmarks.value(of: "--postgres", in: arguments) {
            // An organization of its own, removed afterwards: the database may hold other data.
            let org = "bench-city-\(getpid())-\(Int.random(in: 1_000...9_999))"
            let store = try PostgresPassportBench(url: url, org: org)
            let unseeded = seed
            return try await store.run {
                var seeded = unseeded
                let met: Bool
                do {
                    let seconds = try await store.seed(&seeded)
                    met = try await measure(store, org: org, seed: seeded, seconds: seconds)
                } catch {
                    try? await store.dropData()
                    throw error
                }
                if arguments.contains("--keep") {
                    say("The organization \(org) is left in the database (--keep), for a look with EXPLAIN.")
                } else {
                    try await store.dropData()
                }
                return met
            }
        }
        let org = "bench-city"
        let (store, seconds) = try await SQLitePassportBench.make(org: org, seed: &seed)
        return try await measure(store, org: org, seed: seed, seconds: seconds)
    }

    static func measure(_ bench: any PassportBenchStore, org: String, seed: PassportSeed, seconds: Double) async throws -> Bool {
        let store = bench.repository
        say("steward-bench --passport: \(ProcessInfo.processInfo.activeProcessorCount) cores; \(bench.name) store with "
            + "\(seed.members) members, \(seed.events) events and \(seed.written) ledger entries, written in \(format(seconds, 1)) s "
            + "(the store's triggers indexing and totalling them)")
        let runs = 25
        var count: [Double] = [], naiveBoard: [Double] = [], naiveTotal: [Double] = []
        var board: [Double] = [], total: [Double] = [], checkIn: [Double] = [], durable: [Double] = []
        var deepPages = deepOffsets.map { _ in [Double]() }, place: [Double] = []
        var lastPlace: LeaderboardRow?
        var firstPage: [LeaderboardRow] = [], deepestPage: [LeaderboardRow] = []
        var standing: (stamps: Int, level: String) = (0, "")
        for run in 0..<runs {
            let member = seed.memberIds[(run * 7_919) % seed.memberIds.count]
            var start = Stopwatch.now()
            try await bench.countLedger()
            count.append(Stopwatch.milliseconds(since: start))

            start = Stopwatch.now()
            firstPage = try await store.leaderboard(org: org, limit: pageSize, levels: .standard)
            board.append(Stopwatch.milliseconds(since: start))

            // The app's endpoint: pages further down (ranked from the top), and the calling
            // member's own place.
            for (index, offset) in deepOffsets.enumerated() {
                start = Stopwatch.now()
                deepestPage = try await store.leaderboard(org: org, offset: offset, limit: pageSize, levels: .standard)
                deepPages[index].append(Stopwatch.milliseconds(since: start))
            }

            start = Stopwatch.now()
            lastPlace = try await store.leaderboardPlace(org: org, member: member, levels: .standard) ?? lastPlace
            place.append(Stopwatch.milliseconds(since: start))

            start = Stopwatch.now()
            let stamps = try await store.stampTotal(org: org, member: member)?.stamps ?? 0
            standing = (stamps, PassportLevels.standard.level(for: stamps)?.key ?? "none")
            total.append(Stopwatch.milliseconds(since: start))

            start = Stopwatch.now()
            try await bench.writeOneRow()
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
                try await bench.naiveBoard(limit: pageSize)
                naiveBoard.append(Stopwatch.milliseconds(since: start))
                start = Stopwatch.now()
                try await bench.naiveTotal(member: member)
                naiveTotal.append(Stopwatch.milliseconds(since: start))
            }
        }
        let baseline = count.median
        func line(_ what: String, _ times: [Double]) -> String {
            let median = times.median
            return "  \(what.padding(toLength: 44, withPad: " ", startingAt: 0)) median \(format(median, 3)) ms, "
                + "p95 \(format(times.percentile(0.95), 3)) ms, \(format(median / baseline, 3))× the count"
        }
        let deepLines = zip(deepOffsets, deepPages).map { line("leaderboard, page at offset \($0.formatted())", $1) }
        say("""

        \(bench.name): ledger of \(seed.written) entries, \(runs) runs each:
        \(line("baseline: SELECT COUNT(*) over the ledger", count))
        \(line("leaderboard, first page (\(pageSize) members)", board))
        \(deepLines.joined(separator: "\n"))
        \(line("a member's own place (the endpoint's me)", place))
        \(line("a member's total and level", total))
        \(line("a check-in with the current code", checkIn))
        \(line("floor: one row written and committed", durable))
        \(line("naive leaderboard: SUM over the ledger", naiveBoard))
        \(line("naive member total: SUM over the ledger", naiveTotal))
        First page: \(firstPage.prefix(5).map { "\($0.rank). \($0.name) \($0.stamps)" }.joined(separator: ", "))…
        At offset \(deepOffsets.last ?? 0): \(deepestPage.prefix(3).map { "\($0.rank). \($0.name) \($0.stamps)" }.joined(separator: ", "))…
        Last member read: \(standing.stamps) stamps, level \(standing.level); a member's place: \(lastPlace.map { "rank \($0.rank), \($0.stamps) stamps" } ?? "not shown")
        """)
        // A check-in is a durable write: it is held to the goal beyond what the commit costs.
        // Deep pages and a member's own place are figures, not goals: the goals are the first
        // page, a member's total and level, and a check-in; a page 40,000 places down steps
        // through the index entries above it, and a place counts the members ahead.
        let reads = [board.median, total.median]
        let met = reads.allSatisfy { $0 < goal } && checkIn.median - durable.median < goal
        say("A check-in costs \(format(checkIn.median / durable.median, 2))× the committed one-row write "
            + "(\(format(checkIn.median - durable.median, 3)) ms more).")
        say(met ? "\nAll passport goals met (the first page, a member's total and level, and a check-in beyond the "
                + "commit's cost, each under \(format(goal, 0)) ms)."
            : "\nSome passport goals were missed (each should answer under \(format(goal, 0)) ms).")
        return met
    }
}
