import ArgumentParser
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

    static let defaultSQLitePath = "steward-store.sqlite"

    func validate() throws {
        if sqlite != nil && postgres != nil {
            throw ValidationError("--sqlite and --postgres cannot be used together")
        }
        if let sqlite, sqlite.isEmpty { throw ValidationError("--sqlite: the path is empty") }
    }

    var location: StorageLocation {
        if let postgres { return .postgres(url: postgres) }
        return .sqlite(path: sqlite ?? Self.defaultSQLitePath)
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
