import ArgumentParser
import Foundation
import StewardStore

/// `steward-store backup --sqlite FILE --to FILE`: a consistent copy while the store serves.
struct BackupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Copy a store's SQLite database to a backup file while the store keeps serving.",
        discussion: """
            The copy is of one moment (SQLite's online backup API), whatever is pushed meanwhile. \
            A store in PostgreSQL is backed up with pg_dump instead (docs/backup.md).
            """)

    @Option(name: .long, help: ArgumentHelp("Path of the store's SQLite database file.", valueName: "path"))
    var sqlite: String

    @Option(name: .customLong("to"), help: ArgumentHelp("The backup file to write (replaced if it exists).", valueName: "path"))
    var destination: String

    func validate() throws {
        if sqlite.isEmpty { throw ValidationError("--sqlite: the path is empty") }
        if destination.isEmpty { throw ValidationError("--to: the path is empty") }
        if sqlite == destination { throw ValidationError("--to: must not be the store's own file") }
    }

    func run() async throws {
        try StoreBackup.backup(sqlite: sqlite, to: destination)
        print("backed up \(sqlite) to \(destination)")
    }
}
