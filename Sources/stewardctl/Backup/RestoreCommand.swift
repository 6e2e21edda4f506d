import ArgumentParser
import CommandLineSupport
import Foundation
import StewardCore
import Translation

struct RestoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Replace the console's database with a backup file; close the Steward window first.",
        discussion: """
            Changes made since the backup are replaced; the database that was there is kept as \
            <database>.before-restore. Changes the backup holds that were never sent are sent once \
            at the next sync, and the next sync reads each organization's store in full, which \
            brings back what was synced after the backup.
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The backup file, made by `stewardctl backup` or the window's Back Up….", valueName: "file"))
    var backup: String

    func run() async throws {
        let path = global.resolvedPath
        let restored: SQLiteFileRestore.Restored
        do {
            restored = try ConsoleBackup.restore(from: backup, into: path)
        } catch let error as DatabaseFileError {
            throw CLIError.failure(error.description)
        } catch {
            throw CLIError.failure(tr("cannot restore {path}: {error}", ["path": backup, "error": OneLine.text(error)]))
        }
        print(tr("Restored {database} from {path}", ["database": path, "path": backup]))
        if let kept = restored.replacedKeptAt {
            print(tr("The database it replaced is kept as {path}", ["path": kept]))
        }
    }
}
