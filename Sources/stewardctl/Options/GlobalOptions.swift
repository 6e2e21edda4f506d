import CommandLineSupport
import ArgumentParser
import Foundation
import StewardCore
import Translation

/// Options every command accepts, before or after the subcommand's name:
/// `stewardctl --db X events list` and `stewardctl events list --db X` mean the same.
struct GlobalOptions: ParsableArguments {
    @Option(name: .customLong("db"),
            help: ArgumentHelp(
                "The database file to use.",
                discussion: "Defaults to $STEWARD_DB, else $XDG_DATA_HOME/steward/steward.sqlite (the database the Steward window opens).",
                valueName: "path"))
    var databasePath: String?

    /// The path this run uses: `--db`, else `$STEWARD_DB`, else the XDG data folder.
    var resolvedPath: String {
        if let databasePath, !databasePath.isEmpty { return databasePath }
        return AppDatabase.defaultPath()
    }

    /// Opens (creating if needed) the database, or fails with a one-line message (exit 1).
    func openDatabase() throws -> AppDatabase {
        let path = resolvedPath
        do {
            return try AppDatabase.open(path: path)
        } catch let error as DatabaseFileError {
            // Already names the file and says what to do (a newer release's database, a failed upgrade).
            throw CLIError.failure(error.description)
        } catch {
            throw CLIError.failure(tr("cannot open the database at {path}: {error}", ["path": path, "error": OneLine.text(error)]))
        }
    }
}
