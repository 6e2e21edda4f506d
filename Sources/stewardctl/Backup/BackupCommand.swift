import ArgumentParser
import CommandLineSupport
import Foundation
import StewardCore
import Translation

struct BackupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Copy the console's database to a backup file, while the window may stay open.",
        discussion: """
            The copy is of one moment (SQLite's online backup), whatever is written meanwhile. \
            Restore it with `stewardctl restore FILE`.
            """)

    @OptionGroup var global: GlobalOptions

    @Option(name: .customLong("to"), help: ArgumentHelp("The backup file to write (replaced if it exists).", valueName: "file"))
    var destination: String

    func validate() throws {
        if destination.isEmpty { throw ValidationError("--to: the path is empty") }
    }

    func run() async throws {
        let database = try global.openDatabase()
        do {
            try ConsoleBackup.backup(database, to: destination)
        } catch {
            throw CLIError.failure(tr("cannot write the backup to {path}: {error}", ["path": destination, "error": OneLine.text(error)]))
        }
        print(tr("Backed up {database} to {path}", ["database": global.resolvedPath, "path": destination]))
    }
}
