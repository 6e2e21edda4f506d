import ArgumentParser
import StewardStore

/// The organization and email that name one staff account.
struct StaffAccountOptions: ParsableArguments {
    @OptionGroup var organization: OrgOption

    @Option(name: .long, help: ArgumentHelp("The staff member's email, which they sign in with (case does not matter).", valueName: "email"))
    var email: String

    func validate() throws {
        do {
            _ = try StaffCredentialRules.normalizedEmail(email)
        } catch {
            throw ValidationError("--email: \(error.message)")
        }
    }

    var org: String { organization.org }

    /// The email as the store keeps it; valid once `validate()` passed.
    var normalizedEmail: String {
        (try? StaffCredentialRules.normalizedEmail(email)) ?? email
    }
}
