import ArgumentParser
import Foundation
import StewardStore

/// `steward-store orgs add SLUG --name NAME [--time-zone ZONE]`.
struct OrgsAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add an organization."
    )

    @Argument(help: ArgumentHelp("The organization's slug, as in the console and the API paths: 2-40 of a-z, 0-9 and '-'.", valueName: "slug"))
    var slug: String

    @Option(name: .long, help: ArgumentHelp("The organization's display name.", valueName: "name"))
    var name: String

    @Option(name: .long, help: ArgumentHelp("IANA time zone; all-day events begin and end at midnight here.", valueName: "zone"))
    var timeZone: String = "UTC"

    @OptionGroup var storage: StorageOptions

    func validate() throws {
        guard OrgSlug.isValid(slug) else {
            throw ValidationError("SLUG: must be 2 to 40 lower-case letters, digits or dashes, starting with a letter or digit")
        }
        guard !name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw ValidationError("--name: must not be empty")
        }
        guard TimeZone(identifier: timeZone) != nil else {
            throw ValidationError("--time-zone: '\(timeZone)' is not an IANA time zone")
        }
    }

    func run() async throws {
        let org = OrgInfo(slug: slug, name: name.trimmingCharacters(in: .whitespacesAndNewlines), timeZone: timeZone)
        try await storage.location.withRepository(logger: CommandLogging.logger(level: .warning)) { repository in
            try await repository.addOrg(org)
        }
        print("added organization \(slug)")
    }
}
