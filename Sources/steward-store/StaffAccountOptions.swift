import ArgumentParser
import StewardStore

/// The organization and email that name one staff account.
struct StaffAccountOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The organization the staff member works for.", valueName: "slug"))
    var org: String

    @Option(name: .long, help: ArgumentHelp("The staff member's email, which they sign in with (case does not matter).", valueName: "email"))
    var email: String

    func validate() throws {
        guard OrgSlug.isValid(org) else { throw ValidationError("--org: '\(org)' is not an organization slug") }
        do {
            _ = try StaffCredentialRules.normalizedEmail(email)
        } catch {
            throw ValidationError("--email: \(error.message)")
        }
    }

    /// The email as the store keeps it; valid once `validate()` passed.
    var normalizedEmail: String {
        (try? StaffCredentialRules.normalizedEmail(email)) ?? email
    }
}
