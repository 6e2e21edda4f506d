import Foundation
import StewardCore
import StewardTestSupport
import Testing

/// Runs the built `stewardctl` binary as a subprocess against a database of its own, in a
/// temporary folder that also stands in for HOME and XDG_DATA_HOME (so no test can touch a
/// real console's database).
final class CLI {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String

        var stdoutLines: [String] { stdout.split(separator: "\n").map(String.init) }
        var stderrLines: [String] { stderr.split(separator: "\n").map(String.init) }

        /// stdout parsed as JSON.
        func json(sourceLocation: SourceLocation = #_sourceLocation) throws -> JSONValue {
            try #require(status == 0, "exit \(status): \(stderr)", sourceLocation: sourceLocation)
            return try JSONValue.parse(stdout)
        }
    }

    let folder: URL
    var databasePath: String { folder.appendingPathComponent("steward.sqlite").path }

    init() throws {
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("stewardctl-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    /// The environment the tool sees: the test's, without STEWARD_DB, with HOME and the XDG
    /// data folder inside the temporary folder.
    var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["STEWARD_DB"] = nil
        environment["HOME"] = folder.appendingPathComponent("home").path
        environment["XDG_DATA_HOME"] = folder.appendingPathComponent("xdg").path
        // The tool's words in English whatever language the person running the tests reads:
        // the tests compare them. LANGUAGE decides the words even under LC_ALL, which stays as
        // the run has it: `make test-spanish` runs these tests with LC_ALL=es_ES.UTF-8, and
        // numbers and dates then still follow Spanish. (Tests that want another language set
        // LANGUAGE; gettext ignores it in the plain C locale, hence LC_MESSAGES.)
        environment["LANGUAGE"] = "en"
        environment["LC_MESSAGES"] = "C.UTF-8"
        return environment
    }

    /// For a test that reads dates as English text ("Tue 1 Dec 2026") whatever the run's locale:
    /// LC_ALL, which would decide every category, handed to LANG, and LC_TIME in C. Numbers and
    /// the rest still follow the run (es_ES.UTF-8 under `make test-spanish`).
    static var englishDates: [String: String] {
        var environment = ["LC_ALL": "", "LC_TIME": "C.UTF-8"]
        if let all = ProcessInfo.processInfo.environment["LC_ALL"], !all.isEmpty { environment["LANG"] = all }
        return environment
    }

    /// `stewardctl --db <this test's database> ARGS`.
    @discardableResult
    func callAsFunction(_ arguments: String...) async throws -> Result {
        try await run(["--db", databasePath] + arguments)
    }

    /// `stewardctl ARGS`, with no `--db` added.
    @discardableResult
    func run(_ arguments: [String], environment extra: [String: String] = [:], input: String? = nil,
             in directory: URL? = nil) async throws -> Result {
        let process = Process()
        process.executableURL = try Self.binary()
        process.arguments = arguments
        process.environment = environment.merging(extra) { _, new in new }
        if let directory { process.currentDirectoryURL = directory }
        // Files, not pipes: a large JSON list cannot fill a pipe and stall the tool.
        let outURL = folder.appendingPathComponent("out-\(UUID().uuidString)")
        let errURL = folder.appendingPathComponent("err-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        if let input {
            let inURL = folder.appendingPathComponent("in-\(UUID().uuidString)")
            try Data(input.utf8).write(to: inURL)
            process.standardInput = try FileHandle(forReadingFrom: inURL)
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        let status = try await ChildProcess.run(process)
        try out.close()
        try err.close()
        defer {
            try? FileManager.default.removeItem(at: outURL)
            try? FileManager.default.removeItem(at: errURL)
        }
        return Result(status: status,
                      stdout: try String(contentsOf: outURL, encoding: .utf8),
                      stderr: try String(contentsOf: errURL, encoding: .utf8))
    }

    /// The `stewardctl` the build made, beside this test bundle (`.build-*/debug`), or
    /// `$STEWARDCTL` when set.
    static func binary() throws -> URL {
        if let path = ProcessInfo.processInfo.environment["STEWARDCTL"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        var candidates: [URL] = []
        for start in [Bundle.main.executableURL, Bundle.main.bundleURL,
                      URL(fileURLWithPath: CommandLine.arguments[0])].compactMap({ $0 }) {
            var folder = start.deletingLastPathComponent()
            for _ in 0..<4 {
                candidates.append(folder.appendingPathComponent("stewardctl"))
                folder = folder.deletingLastPathComponent()
            }
        }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw BinaryNotFound(searched: candidates.map(\.path))
        }
        return found
    }

    struct BinaryNotFound: Error, CustomStringConvertible {
        var searched: [String]
        var description: String { "stewardctl not built; looked in \(searched.joined(separator: ", "))" }
    }

    // MARK: Shortcuts used by many tests

    /// A database with one organization (America/Chicago), so `--org` may be left out.
    static func withOneOrganization() async throws -> CLI {
        let cli = try CLI()
        let result = try await cli("orgs", "add", "test-org", "--name", "Test Org",
                             "--time-zone", "America/Chicago", "--kind", "church")
        try #require(result.status == 0, "orgs add failed: \(result.stderr)")
        return cli
    }

    /// Adds an event with `--json` and returns its object.
    @discardableResult
    func addEvent(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) async throws -> JSONValue {
        let result = try await run(["--db", databasePath, "events", "add", "--json"] + arguments)
        try #require(result.status == 0, "events add failed: \(result.stderr)", sourceLocation: sourceLocation)
        return try JSONValue.parse(result.stdout)
    }

    /// `events list --json` as text: the dump compared before and after refused commands.
    func dump(org: String? = nil) async throws -> String {
        var arguments = ["--db", databasePath, "events", "list", "--json"]
        if let org { arguments += ["--org", org] }
        let result = try await run(arguments)
        try #require(result.status == 0, "events list failed: \(result.stderr)")
        return result.stdout
    }
}

extension JSONValue {
    /// The members of an array, or none.
    var items: [JSONValue] { arrayValue ?? [] }

    var isNull: Bool { self == .null }
}
