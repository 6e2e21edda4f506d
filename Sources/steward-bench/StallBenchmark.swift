import Foundation
import GRDB
import StewardCore

/// How long the window's main loop stalls while it sends many changes to a real store: a
/// console with `changeCount` changes waiting, signed in with `stewardctl sign-in`, and
/// `steward` started on it with STEWARD_STALL_REPORT until its outbox is empty. The reference
/// is the same window on the same database, with nothing left to send, open for as long.
///
/// The report is cumulative from start-up, and building the window stalls the loop too. So
/// each window first starts while the store is down, its figures are read once it has painted
/// and settled, and only then does the store come up (on the same address) and the sync
/// begin: what the counts gain from there on is the sync's alone.
struct StallBenchmark {
    /// Where steward, stewardctl and steward-store are.
    let binDirectory: URL
    let folder: URL
    let changeCount: Int
    let deadlineSeconds: Double
    /// The window's environment (display, session bus, resources).
    let environment: [String: String]

    /// What steward writes to STEWARD_STALL_REPORT every second and on exit.
    struct StallReport: Decodable {
        var longestMilliseconds: Double
        var over50Milliseconds: Int
        var ticks: Int

        enum CodingKeys: String, CodingKey {
            case longestMilliseconds = "longest_ms", over50Milliseconds = "over_50ms", ticks
        }
    }

    /// One window's figures: at the end of start-up, and when it quit.
    struct Run {
        var startup: StallReport
        var total: StallReport
        /// Stalls over 50 ms after start-up.
        var laterOver50: Int { total.over50Milliseconds - startup.over50Milliseconds }
        /// The longest stall after start-up when it beat start-up's; nil when it did not (it is
        /// then at most start-up's longest, and over 50 ms only if `laterOver50` says so).
        var laterLongest: Double? {
            total.longestMilliseconds > startup.longestMilliseconds ? total.longestMilliseconds : nil
        }
    }

    struct Result {
        var syncing: Run
        var idle: Run
        /// From the store coming up to an empty outbox.
        var syncSeconds: Double
        var changeCount: Int
        var changesPerSecond: Double { Double(changeCount) / syncSeconds }
    }

    private static let slug = "stall-bench"
    private static let email = "bench@example.org"
    /// Start-up ends this long after the first frame (the first rows and the sidebar settle).
    private static let startupSettle: UInt64 = 2_000_000_000
    /// A report is written every second: waiting this long after the sync makes sure one
    /// covers it, even when the window does not write one as it quits.
    private static let reportSettle: UInt64 = 1_500_000_000

    func run() async throws -> Result {
        let storeDatabase = folder.appendingPathComponent("stall-store.sqlite").path
        let storage = ["--sqlite", storeDatabase]
        let password = UUID().uuidString
        try tool("steward-store", ["orgs", "add", Self.slug, "--name", "Stall Bench", "--time-zone", "America/Chicago"] + storage)
        try tool("steward-store", ["staff", "add", "--org", Self.slug, "--email", Self.email, "--role", "editor"] + storage,
                 input: password + "\n")
        let storePath = binDirectory.appendingPathComponent("steward-store").path
        let signInStore = try StoreProcess(path: storePath, arguments: ["serve", "--host", "127.0.0.1", "--port", "0"] + storage)
        let url = signInStore.url
        guard let port = url.split(separator: ":").last.map(String.init) else { throw BenchError("no port in \(url)") }

        // The console: data and settings folders of its own (the credentials file lives there),
        // and every generated event an outbox entry waiting to be sent.
        let consoleDatabase = folder.appendingPathComponent("stall-data/steward/steward.sqlite").path
        try FileManager.default.createDirectory(atPath: (consoleDatabase as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        var env = environment
        env["XDG_DATA_HOME"] = folder.appendingPathComponent("stall-data").path
        env["XDG_CONFIG_HOME"] = folder.appendingPathComponent("stall-config").path
        env["STEWARD_CREDENTIALS"] = "file"
        env["STEWARD_DB"] = consoleDatabase
        // Back within a second of the store coming up; no periodic sync in the idle run.
        env["STEWARD_SYNC_RETRY_MAX"] = "1"
        env["STEWARD_SYNC_INTERVAL"] = "3600"
        env["STEWARD_REPORT_FIRST_PAINT"] = "1"
        let database = try AppDatabase.open(path: consoleDatabase)
        let org = try await OrganizationService(database: database)
            .add(slug: Self.slug, name: "Stall Bench", timeZone: "America/Chicago", kind: .cityOffice)
        let details = DemoDataset.generatedEvents(count: changeCount, zone: org.timeZone, seed: 13)
        for start in stride(from: 0, to: details.count, by: 5_000) {
            try EventService(database: database).insertMany(Array(details[start..<min(start + 5_000, details.count)]), in: org)
        }
        do {
            try tool("stewardctl", ["--db", consoleDatabase, "sign-in", "--url", url, "--org", Self.slug,
                                    "--email", Self.email], input: password + "\n", environment: env)
        } catch {
            signInStore.stop()
            throw error
        }
        signInStore.stop()

        var readOnly = Configuration()
        readOnly.readonly = true
        let outbox = try DatabaseQueue(path: consoleDatabase, configuration: readOnly)
        func waiting() throws -> Int {
            try outbox.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM outbox") ?? 0 }
        }
        let pending = try waiting()
        guard pending >= changeCount else {
            throw BenchError("the console has \(pending) changes waiting, expected \(changeCount)")
        }
        let serve = ["serve", "--host", "127.0.0.1", "--port", port] + storage

        // Syncing: until the outbox is empty.
        var syncSeconds = 0.0
        let syncing = try await window(env, report: "stall-syncing.json", storePath: storePath, serve: serve) {
            let start = Stopwatch.now()
            while try waiting() > 0 {
                guard Stopwatch.milliseconds(since: start) < deadlineSeconds * 1000 else {
                    throw BenchError("\(try waiting()) of \(changeCount) changes were still waiting after \(Int(deadlineSeconds)) s")
                }
                try await Task.sleep(nanoseconds: 50_000_000)
            }
            syncSeconds = Stopwatch.milliseconds(since: start) / 1000
        }

        // Idle: the same window and database, nothing to send, for as long.
        let idle = try await window(env, report: "stall-idle.json", storePath: storePath, serve: serve) {
            try await Task.sleep(nanoseconds: UInt64(syncSeconds * 1e9))
        }
        guard try waiting() == 0 else { throw BenchError("the idle window found changes to send") }
        return Result(syncing: syncing, idle: idle, syncSeconds: syncSeconds, changeCount: changeCount)
    }

    /// Starts steward with the store down and its stall report going to `report`; once it has
    /// painted and settled, reads the start-up figures, starts the store, runs `body`, quits
    /// the window and reads the final figures.
    private func window(_ env: [String: String], report name: String, storePath: String, serve: [String],
                        body: () async throws -> Void) async throws -> Run {
        let report = folder.appendingPathComponent(name).path
        var env = env
        env["STEWARD_STALL_REPORT"] = report
        let child = try SpawnedProcess.start([binDirectory.appendingPathComponent("steward").path], environment: env,
                                             captureOutput: true)
        defer { child.stop() }
        try Self.waitForFirstPaint(child)
        try await Task.sleep(nanoseconds: Self.startupSettle)
        let startup = try Self.report(at: report)

        let store = try StoreProcess(path: storePath, arguments: serve)
        defer { store.stop() }
        try await body()
        try await Task.sleep(nanoseconds: Self.reportSettle)
        guard child.isRunning else { throw BenchError("steward exited before it was asked to quit") }
        child.stop()
        return Run(startup: startup, total: try Self.report(at: report))
    }

    private static func waitForFirstPaint(_ child: SpawnedProcess) throws {
        let output = child.output ?? -1
        var text = ""
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !text.contains("first-paint") {
            let count = read(output, &buffer, buffer.count)
            if count <= 0 { throw BenchError("steward exited without painting a first page") }
            text += String(decoding: buffer[0..<count], as: UTF8.self)
        }
    }

    private static func report(at path: String) throws -> StallReport {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw BenchError("steward wrote no stall report to \(path)")
        }
        do {
            return try JSONDecoder().decode(StallReport.self, from: data)
        } catch {
            throw BenchError("the stall report \(path) is not {\"longest_ms\", \"over_50ms\", \"ticks\"}: \(String(decoding: data, as: UTF8.self))")
        }
    }

    /// Runs one of Steward's command-line tools to the end; its error output becomes the error.
    private func tool(_ name: String, _ arguments: [String], input: String? = nil,
                      environment: [String: String]? = nil) throws {
        let process = Process()
        process.executableURL = binDirectory.appendingPathComponent(name)
        process.arguments = arguments
        if let environment { process.environment = environment }
        let stdin = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = FileHandle.nullDevice
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data((input ?? "").utf8))
        try stdin.fileHandleForWriting.close()
        let errors = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let message = String(decoding: errors, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw BenchError("\(name) \(arguments.prefix(2).joined(separator: " ")) failed: \(message)")
        }
    }
}
