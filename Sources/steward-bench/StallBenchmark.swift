import Foundation
import GRDB
import StewardCore

/// How long the window's main loop stalls while it sends many changes to a real store: a
/// console with `changeCount` changes waiting, signed in with `stewardctl sign-in`, and
/// `steward` started on it with STEWARD_STALL_REPORT until its outbox is empty. The reference
/// is the same window on the same database, with nothing left to sync, open for as long.
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

    struct Result {
        var syncing: StallReport
        var idle: StallReport
        /// From starting steward to an empty outbox.
        var syncSeconds: Double
        /// How long each window was open.
        var openSeconds: Double
        var changeCount: Int
        var changesPerSecond: Double { Double(changeCount) / syncSeconds }
    }

    private static let slug = "stall-bench"
    private static let email = "bench@example.org"
    /// A report is written every second: waiting this long after the sync ends makes sure one
    /// covers it, even when the window does not write one as it quits.
    private static let settleSeconds = 1.5

    func run() async throws -> Result {
        let storeDatabase = folder.appendingPathComponent("stall-store.sqlite").path
        let storage = ["--sqlite", storeDatabase]
        let password = UUID().uuidString
        try tool("steward-store", ["orgs", "add", Self.slug, "--name", "Stall Bench", "--time-zone", "America/Chicago"] + storage)
        try tool("steward-store", ["staff", "add", "--org", Self.slug, "--email", Self.email, "--role", "editor"] + storage,
                 input: password + "\n")
        let server = try StoreProcess(path: binDirectory.appendingPathComponent("steward-store").path,
                                      arguments: ["serve", "--host", "127.0.0.1", "--port", "0"] + storage)
        defer { server.stop() }

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
        let database = try AppDatabase.open(path: consoleDatabase)
        let org = try await OrganizationService(database: database)
            .add(slug: Self.slug, name: "Stall Bench", timeZone: "America/Chicago", kind: .cityOffice)
        let details = DemoDataset.generatedEvents(count: changeCount, zone: org.timeZone, seed: 13)
        for start in stride(from: 0, to: details.count, by: 5_000) {
            try EventService(database: database).insertMany(Array(details[start..<min(start + 5_000, details.count)]), in: org)
        }
        try tool("stewardctl", ["--db", consoleDatabase, "sign-in", "--url", server.url, "--org", Self.slug,
                                "--email", Self.email], input: password + "\n", environment: env)

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

        // Syncing: until the outbox is empty.
        let syncReport = folder.appendingPathComponent("stall-syncing.json").path
        let start = Stopwatch.now()
        let syncing = try window(env, report: syncReport)
        var syncMilliseconds: Double?
        while Stopwatch.milliseconds(since: start) < deadlineSeconds * 1000 {
            guard syncing.isRunning else { throw BenchError("steward exited while syncing") }
            if try waiting() == 0 {
                syncMilliseconds = Stopwatch.milliseconds(since: start)
                break
            }
            try await Task.sleep(nanoseconds: 50_000_000)
        }
        guard let syncMilliseconds else {
            syncing.stop()
            throw BenchError("\(try waiting()) of \(changeCount) changes were still waiting after \(Int(deadlineSeconds)) s")
        }
        try await Task.sleep(nanoseconds: UInt64(Self.settleSeconds * 1e9))
        syncing.stop()
        let openSeconds = Stopwatch.milliseconds(since: start) / 1000

        // Idle: the same window and database, signed in, nothing to send, for as long.
        let idleReport = folder.appendingPathComponent("stall-idle.json").path
        let idle = try window(env, report: idleReport)
        try await Task.sleep(nanoseconds: UInt64(openSeconds * 1e9))
        guard idle.isRunning else { throw BenchError("steward exited while idle") }
        idle.stop()
        guard try waiting() == 0 else { throw BenchError("the idle window found changes to send") }

        return Result(syncing: try Self.report(at: syncReport), idle: try Self.report(at: idleReport),
                      syncSeconds: syncMilliseconds / 1000, openSeconds: openSeconds, changeCount: changeCount)
    }

    /// Starts steward with its stall report going to `report`.
    private func window(_ env: [String: String], report: String) throws -> SpawnedProcess {
        var env = env
        env["STEWARD_STALL_REPORT"] = report
        return try SpawnedProcess.start([binDirectory.appendingPathComponent("steward").path], environment: env,
                                        captureOutput: false)
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
