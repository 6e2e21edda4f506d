import ArgumentParser
import CommandLineSupport
import Foundation
import StewardCore
import StewardStore

extension StaffRole: ExpressibleByArgument {}

/// `steward-store staff add --org SLUG --email EMAIL --role ROLE`, the password on stdin.
struct StaffAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a staff member who can sign in from the console.",
        discussion: """
            The password is read from standard input (its first line), or asked for twice when \
            standard input is a terminal. It must be at least \(StaffCredentialRules.minPasswordLength) \
            characters long. The store keeps only a PBKDF2-SHA256 hash of it.
            """
    )

    @OptionGroup var account: StaffAccountOptions

    @Option(name: .long, help: ArgumentHelp(
        "What they may do: admin (everything, and manages staff), editor (changes records), approver (approves submissions and changes records), viewer (reads only).",
        valueName: "role"))
    var role: StaffRole

    @OptionGroup var storage: StorageOptions

    func run() async throws {
        let email = account.normalizedEmail
        let password = try PasswordInput.read(for: email)
        do {
            try StaffCredentialRules.checkNewPassword(password)
        } catch {
            throw CLIError.usage("password: \(error.message)")
        }
        let member = StaffMember(org: account.org, email: email, role: role,
                                 passwordHash: try PasswordHasher().hash(password), createdAt: Date())
        try await storage.location.withRepository(logger: CommandLogging.logger(level: .warning)) { repository in
            try await repository.addStaff(member)
        }
        print("added \(email) to \(member.org) as \(role.rawValue)")
    }
}
