import CommandLineSupport
import ArgumentParser
import StewardCore
import Translation

/// Which side `conflicts resolve` keeps.
enum KeepSide: String, EnumerableFlag {
    case keepLocal
    case keepRemote

    var choice: ConflictChoice {
        switch self {
        case .keepLocal: .local
        case .keepRemote: .remote
        }
    }

    static func help(for value: KeepSide) -> ArgumentHelp? {
        switch value {
        case .keepLocal: "Keep this console's change: it is sent again, on top of the store's version."
        case .keepRemote: "Keep the store's record: the local one takes its fields and version."
        }
    }
}

struct ConflictsResolve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resolve",
        abstract: "Resolve a sync conflict by keeping one side.",
        discussion: "A kept local change goes out with the next `stewardctl sync`.")

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The conflict's id, as `stewardctl conflicts list` prints it.", valueName: "id"))
    var id: String

    @Flag(help: "Which side to keep (one of them is required).")
    var side: KeepSide

    func run() async throws {
        guard let conflictId = Int64(id.trimmingCharacters(in: .whitespaces)), conflictId > 0 else {
            throw CLIError.usage("id: " + tr("must be a conflict id like 3, as `{command}` prints it (got \"{value}\")",
                                             ["command": "stewardctl conflicts list", "value": id]))
        }
        let database = try global.openDatabase()
        do {
            try await SyncEngine(database: database).resolve(conflictId: conflictId, keep: side.choice)
        } catch let error as SyncError {
            throw error.cliError
        }
        switch side {
        case .keepLocal:
            print(tr("Kept the local change of conflict {id}; it goes out with the next sync.", ["id": String(conflictId)]))
        case .keepRemote: print(tr("Kept the store's record for conflict {id}.", ["id": String(conflictId)]))
        }
    }
}
