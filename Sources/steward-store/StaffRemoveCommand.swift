import ArgumentParser
import CommandLineSupport
import Foundation
import StewardStore

/// `steward-store staff remove --org SLUG --email EMAIL`: the account goes, and every session
/// of theirs ends at once (their console is signed out on its next request).
struct StaffRemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove a staff member; their sessions end at once. The history keeps their email on what they changed."
    )

    @OptionGroup var account: StaffAccountOptions

    @OptionGroup var storage: StorageOptions

    func run() async throws {
        let org = account.org
        let email = account.normalizedEmail
        let removed = try await storage.location.withRepository(logger: CommandLogging.logger(level: .warning)) { repository in
            guard try await repository.org(slug: org) != nil else { throw StoreFailure.unknownOrg(org) }
            return try await repository.removeStaff(org: org, email: email, now: Date())
        }
        guard removed else { throw CLIError.usage("--email: \(email) is not on the staff of \(org)") }
        print("removed \(email) from \(org); their sessions are signed out")
    }
}
