import ArgumentParser
import CommandLineSupport
import Foundation
import Logging
import StewardStore

/// Where the store's data lives; shared by every command.
struct StorageOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "Path of the SQLite database file (created if missing). The default storage, for one steward-store process.",
        valueName: "path"))
    var sqlite: String?

    @Option(name: .long, help: ArgumentHelp(
        "PostgreSQL URL, e.g. postgres://user@127.0.0.1:5432/steward?sslmode=disable. For several steward-store processes sharing one database.",
        valueName: "url"))
    var postgres: String?

    @Option(name: .long, help: ArgumentHelp(
        "File whose first line is the PostgreSQL password, when the URL has none (else the systemd credential postgres-password, else $PGPASSWORD). Keeps the password out of the process list.",
        valueName: "path"))
    var postgresPasswordFile: String?

    static let defaultSQLitePath = "steward-store.sqlite"

    func validate() throws {
        if sqlite != nil && postgres != nil {
            throw ValidationError("--sqlite and --postgres cannot be used together")
        }
        if let sqlite, sqlite.isEmpty { throw ValidationError("--sqlite: the path is empty") }
        if postgresPasswordFile != nil && postgres == nil {
            throw ValidationError("--postgres-password-file: only with --postgres")
        }
    }

    var location: StorageLocation {
        get throws {
            if let postgres { return .postgres(url: postgres, password: try postgresPassword()) }
            return .sqlite(path: sqlite ?? Self.defaultSQLitePath)
        }
    }

    /// The password file's first line, else $PGPASSWORD, else none (the URL's own, if any,
    /// wins over both).
    private func postgresPassword() throws -> String? {
        if let path = postgresPasswordFile ?? SystemdCredentials.file(named: "postgres-password") {
            guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
                throw CLIError.usage("--postgres-password-file: cannot read '\(path)'")
            }
            let line = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            let password = line.hasSuffix("\r") ? String(line.dropLast()) : line
            guard !password.isEmpty else { throw CLIError.usage("--postgres-password-file: '\(path)' is empty") }
            return password
        }
        return ProcessInfo.processInfo.environment["PGPASSWORD"].flatMap { $0.isEmpty ? nil : $0 }
    }
}

/// The logger every command uses: stderr, so stdout carries only what scripts read.
enum CommandLogging {
    static let bootstrap: Void = {
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = ProcessInfo.processInfo.environment["LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .info
            return handler
        }
    }()

    static func logger(_ label: String = "steward-store", level: Logger.Level? = nil) -> Logger {
        _ = bootstrap
        var logger = Logger(label: label)
        if let level { logger.logLevel = level }
        return logger
    }
}

extension StorageOptions {
    /// Runs `body` on the store's repository for an organization that must exist: the commands
    /// that read one organization (dump, staff list, token list) all start this way.
    func withExistingOrg<T: Sendable>(_ slug: String,
                                      _ body: @escaping @Sendable (any StoreRepository) async throws -> T) async throws -> T {
        try await location.withRepository(logger: CommandLogging.logger(level: .warning)) { repository in
            guard try await repository.org(slug: slug) != nil else { throw StoreFailure.unknownOrg(slug) }
            return try await body(repository)
        }
    }
}
