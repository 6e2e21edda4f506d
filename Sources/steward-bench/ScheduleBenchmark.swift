import Foundation
import StewardCore
import StewardTestSupport

#if canImport(Glibc)
import Glibc
#endif

/// A refresh of a year of a busy studio (20,000 classes) through the fake MindBody v6
/// (Tests/schedules/fake_mindbody.py) on the loopback, beside a plain parse of the very same
/// pages in the same run: the ratio is the mirror's own cost (fetching, diffing, writing).
/// With `--appointments N` the site also lists N staff appointments, which every refresh reads
/// (their pages, the session types) and mirrors too; the plain parse is of the classes alone.
///   steward-bench --schedules [--classes N] [--appointments N] [--rounds N]
struct ScheduleBenchmark {
    let count: Int
    var appointments = 0
    let rounds: Int
    let folder: URL

    struct Result {
        var fetchSeconds: Double
        var parseSeconds: Double
        var firstRefreshSeconds: Double
        var unchangedRefreshSeconds: Double
        var pages: Int
        var classes: Int
    }

    func run() async throws -> Result {
        // Stopped when dropped, at the end of this scope.
        let server = try FakeMindBody.start(count: count, appointments: appointments)
        let zone = TimeZone(identifier: "America/Denver")!
        let window = DateInterval(start: Date(timeIntervalSince1970: 1_798_761_600), duration: 400 * 86_400)  // from 2027-01-01
        let http = HTTPClient(options: HTTPClientOptions(totalTimeout: 120))
        let client = MindBodyClient(http: http, baseURL: server.url, siteId: "-99", apiKey: "bench-key")

        var fetches: [Double] = [], parses: [Double] = [], firsts: [Double] = [], unchanged: [Double] = []
        var pages = 0, classes = 0
        for round in 0..<rounds {
            // The plain path: the same pages fetched, then parsed, and nothing else.
            var start = Stopwatch.now()
            let raw = try await client.rawPages(in: window, zone: zone)
            fetches.append(Stopwatch.milliseconds(since: start) / 1000)
            start = Stopwatch.now()
            var parsed = 0
            for page in raw { parsed += try MindBodyJSON.page(page.body, zone: zone).classes.count }
            parses.append(Stopwatch.milliseconds(since: start) / 1000)
            pages = raw.count
            classes = parsed

            // The mirror: a new database, a refresh that adds every class, then one that finds
            // nothing changed.
            let database = try AppDatabase.open(path: folder.appendingPathComponent("schedule-\(round).sqlite").path)
            let org = Organization(slug: "bench-gym", name: "Bench Gym", timeZoneIdentifier: zone.identifier, kind: .gym)
            try await database.writer.write { db in try org.insert(db) }
            let service = ScheduleService(database: database, credentials: MemoryCredentialStore(), http: http)
            let source = try await service.addMindBody(baseURL: server.url, siteId: "-99", apiKey: "bench-key", in: org)
            start = Stopwatch.now()
            let first = try await service.refresh(source.id, in: org, window: window)
            firsts.append(Stopwatch.milliseconds(since: start) / 1000)
            guard first.first?.counts.new == count, first.first?.counts.appointments == appointments else {
                throw BenchFailure("the refresh added \(first.first?.counts.new ?? 0) classes and \(first.first?.counts.appointments ?? 0) appointments, not \(count) and \(appointments)")
            }
            start = Stopwatch.now()
            let again = try await service.refresh(source.id, in: org, window: window)
            unchanged.append(Stopwatch.milliseconds(since: start) / 1000)
            guard again.first?.counts.isEmpty == true else { throw BenchFailure("a second refresh changed something") }
        }
        return Result(fetchSeconds: fetches.median, parseSeconds: parses.median, firstRefreshSeconds: firsts.median,
                      unchangedRefreshSeconds: unchanged.median, pages: pages, classes: classes)
    }

    static func report(arguments: [String], folder: URL) async throws -> Bool {
        let count = Benchmarks.value(of: "--classes", in: arguments).flatMap(Int.init) ?? 20_000
        let rounds = Benchmarks.value(of: "--rounds", in: arguments).flatMap(Int.init) ?? 3
        let appointments = Benchmarks.value(of: "--appointments", in: arguments).flatMap(Int.init) ?? 0
        let result = try await ScheduleBenchmark(count: count, appointments: appointments, rounds: rounds, folder: folder).run()
        let plain = result.fetchSeconds + result.parseSeconds
        say("""
        Schedule refresh of \(result.classes) classes in \(result.pages) pages (and \(appointments) staff appointments) from a fake MindBody v6 on the loopback (medians of \(rounds) rounds)
          fetch the pages alone:                       \(format(result.fetchSeconds, 3)) s
          plain parse of the same pages:               \(format(result.parseSeconds, 3)) s
          refresh into an empty mirror (fetch, parse, diff, write): \(format(result.firstRefreshSeconds, 3)) s
          refresh with nothing changed:                \(format(result.unchangedRefreshSeconds, 3)) s
          ratio refresh / plain parse = \(format(result.firstRefreshSeconds / result.parseSeconds))
          ratio refresh / (fetch + plain parse) = \(format(result.firstRefreshSeconds / plain))
          ratio unchanged refresh / (fetch + plain parse) = \(format(result.unchangedRefreshSeconds / plain))
        """)
        return true
    }
}

struct BenchFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// The fake MindBody, serving `count` generated classes, started as the tests start it
/// (`PythonServer`). The script is found from the working directory (the repository root, as
/// `make bench` runs) or `$STEWARD_FAKE_MINDBODY`.
enum FakeMindBody {
    static func start(count: Int, appointments: Int = 0) throws -> PythonServer {
        let script = ProcessInfo.processInfo.environment["STEWARD_FAKE_MINDBODY"] ?? "Tests/schedules/fake_mindbody.py"
        guard FileManager.default.fileExists(atPath: script) else {
            throw BenchFailure("\(script) not found: run from the repository root or set STEWARD_FAKE_MINDBODY")
        }
        do {
            return try PythonServer(arguments: [script, "--generate", String(count), "--generate-appointments", String(appointments),
                                                "--api-key", "bench-key"])
        } catch {
            throw BenchFailure("the fake MindBody did not start")
        }
    }
}
