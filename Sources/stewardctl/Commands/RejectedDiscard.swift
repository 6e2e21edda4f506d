import ArgumentParser
import CommandLineSupport
import Foundation
import StewardCore
import StewardCredentials
import Translation

struct RejectedDiscard: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "discard",
        abstract: "Discard a change the store refused: the record goes back to the store's version.",
        discussion: "A record the store never had is removed from this console. Otherwise the store's version is asked for, so the store must be reachable; when it is not, nothing changes (exit 1).")

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The rejected change's id, as `stewardctl rejected list` prints it.", valueName: "id"))
    var id: String

    func run() async throws {
        guard let letterId = Int64(id.trimmingCharacters(in: .whitespaces)), letterId > 0 else {
            throw CLIError.usage("id: " + tr("must be a rejected change's id like 3, as `{command}` prints it (got \"{value}\")",
                                             ["command": "stewardctl rejected list", "value": id]))
        }
        let database = try global.openDatabase()
        let engine = SyncEngine(database: database, options: .fromEnvironment(), credentials: LazyCredentialStore())
        do {
            try await engine.discard(deadLetterId: letterId)
        } catch let error as SyncError {
            if case .deadLetterNotFound = error { throw CLIError.usage("id: \(error.description)") }
            throw error.cliError
        }
        print(tr("Discarded rejected change {id}; the record is the store's again.", ["id": String(letterId)]))
    }
}
