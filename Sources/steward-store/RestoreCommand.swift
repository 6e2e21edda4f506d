import ArgumentParser
import Foundation
import StewardStore

/// `steward-store restore --sqlite FILE --from FILE`: puts a backup in the store file's place.
struct RestoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Replace a store's SQLite database with a backup file; stop the store first.",
        discussion: """
            The backup is checked (whole, a store database, not from a newer release) and upgraded \
            to this release before it replaces the file; the file it replaces is kept as \
            <file>.before-restore. Consoles read the store again in full at their next sync.
            """)

    @Option(name: .long, help: ArgumentHelp("Path of the store's SQLite database file to replace.", valueName: "path"))
    var sqlite: String

    @Option(name: .customLong("from"), help: ArgumentHelp("The backup file, made by `steward-store backup`.", valueName: "path"))
    var backup: String

    func validate() throws {
        if sqlite.isEmpty { throw ValidationError("--sqlite: the path is empty") }
        if backup.isEmpty { throw ValidationError("--from: the path is empty") }
    }

    func run() async throws {
        let restored = try StoreBackup.restore(from: backup, into: sqlite)
        print("restored \(sqlite) from \(backup)")
        if let kept = restored.replacedKeptAt { print("the file it replaced is kept as \(kept)") }
    }
}
