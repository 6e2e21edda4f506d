import Foundation
import CommandLineSupport
import ArgumentParser
import StewardCore
import Translation

/// `--org SLUG`: which organization a command works in. It may be left out when the database
/// holds exactly one organization, or when the command names a record by its id.
struct OrganizationOption: ParsableArguments {
    @Option(name: .customLong("org"),
            help: ArgumentHelp("The organization's slug (see `stewardctl orgs list`); optional when there is only one.",
                               valueName: "slug"))
    var slug: String?

    /// The organization named by `--org`, or the only one there is.
    func resolve(in database: AppDatabase) async throws -> Organization {
        let service = OrganizationService(database: database)
        if let slug {
            return try await service.find(slug: slug)
        }
        let all = try await service.all()
        switch all.count {
        case 1:
            return all[0]
        case 0:
            throw CLIError.usage("org: " + tr("there is no organization yet; add one with `{add}` or `{demo}`",
                                              ["add": "stewardctl orgs add", "demo": "stewardctl demo load"]))
        default:
            let slugs = all.map(\.slug).joined(separator: ", ")
            throw CLIError.usage("org: " + trn("is required when there are {count} organizations; pass --org with one of: {slugs}",
                                               "is required when there are {count} organizations; pass --org with one of: {slugs}",
                                               all.count, ["slugs": slugs]))
        }
    }

    /// The organization named by `--org`; without it, the one that holds the record `id` names
    /// (or the only one there is). A record found in no organization is looked for as before,
    /// so the command says which it is missing from.
    func resolve(in database: AppDatabase, holding id: UUID, of type: RecordType) async throws -> Organization {
        if slug == nil, let owner = try await OrganizationService(database: database).owner(of: id, type: type) {
            return owner
        }
        return try await resolve(in: database)
    }
}
