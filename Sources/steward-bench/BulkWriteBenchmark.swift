import Foundation
import StewardCore

/// `steward-bench --bulk [--import N] [--insert N] [--grants N] [--rounds N]`: the bulk writers
/// (a Goodreads import of 20,000 books, 100,000 events, a stamp grant to 10,000 members), each
/// against raw SQLite inserts of the same rows measured in the same run, as a ratio. Every
/// record written through Steward also gets its outbox entry and its history entry (and a book
/// its search-index line), so about 0.25 of the raw rate is the honest limit for a record of
/// the shared table.
enum BulkWriteBenchmark {
    /// The import's goal: a fifth of raw inserts of the same rows.
    static let importGoal = 0.2

    static func run(arguments: [String], folder: URL) async throws -> Bool {
        func option(_ name: String, _ fallback: Int) -> Int {
            Benchmarks.value(of: name, in: arguments).flatMap(Int.init) ?? fallback
        }
        let rounds = option("--rounds", 3)
        say("steward-bench --bulk: \(ProcessInfo.processInfo.activeProcessorCount) cores, load average \(loadAverage())")

        let books = try await GoodreadsImportBenchmark(count: option("--import", 20_000), rounds: rounds, folder: folder).run()
        let importMet = books.ratio >= importGoal
        say("\n" + books.report + "\n  goal >= \(format(importGoal, 2)): \(importMet ? "goal met" : "GOAL MISSED")")

        let eventCount = option("--insert", 100_000)
        let events = try InsertBenchmark(count: eventCount, folder: folder).run()
        let eventRates = RateAgainstRaw(written: eventCount, rawRows: eventCount,
                                        stewardSeconds: events.stewardSeconds, rawSeconds: events.rawSeconds)
        say("\nBulk insert of \(eventCount) events (medians of \(InsertBenchmark.rounds) rounds, alternating; 5,000 per transaction on both sides)\n"
            + eventRates.lines(steward: "forms validated, events + search index + outbox + history written",
                               raw: "prepared INSERT of the same rows, the event table's own search trigger included",
                               unit: "events"))

        let stamps = try await StampGrantBenchmark(count: option("--grants", 10_000), rounds: rounds, folder: folder).run()
        say("\n" + stamps.report)
        say("\nLoad average after: \(loadAverage())")
        return importMet
    }

    /// The machine's load over the last 1, 5 and 15 minutes: the figures are only as steady as it.
    static func loadAverage() -> String {
        let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? ""
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    }
}
