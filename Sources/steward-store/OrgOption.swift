import ArgumentParser
import StewardStore

/// `--org SLUG`: the organization a command acts on, checked before anything is opened, so a
/// mistyped slug fails fast with the same words in every command.
struct OrgOption: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The organization, by the slug it was added with (`orgs add`).", valueName: "slug"))
    var org: String

    func validate() throws {
        guard OrgSlug.isValid(org) else { throw ValidationError("--org: '\(org)' is not an organization slug") }
    }
}
