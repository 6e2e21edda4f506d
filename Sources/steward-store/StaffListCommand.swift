import ArgumentParser
import Foundation
import StewardStore

/// `steward-store staff list --org SLUG`: who may sign in, with their role and since when.
struct StaffListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List an organization's staff: email, role, and when they were added (UTC)."
    )

    @OptionGroup var organization: OrgOption

    @OptionGroup var storage: StorageOptions


    func run() async throws {
        let slug = organization.org
        let members = try await storage.withExistingOrg(slug) { repository in try await repository.staff(org: slug) }
        guard !members.isEmpty else {
            print("\(slug) has no staff yet (add them with `steward-store staff add`)")
            return
        }
        UTCMinutes.printTable([["EMAIL", "ROLE", "CREATED"]]
                              + members.map { [$0.email, $0.role.rawValue, UTCMinutes.text($0.createdAt)] })
    }
}
