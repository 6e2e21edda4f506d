import ArgumentParser
import Foundation
import StewardStore

/// `steward-store staff list --org SLUG`: who may sign in, with their role and since when.
struct StaffListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List an organization's staff: email, role, and when they were added (UTC)."
    )

    @Option(name: .long, help: ArgumentHelp("The organization whose staff to list.", valueName: "slug"))
    var org: String

    @OptionGroup var storage: StorageOptions

    func validate() throws {
        guard OrgSlug.isValid(org) else { throw ValidationError("--org: '\(org)' is not an organization slug") }
    }

    func run() async throws {
        let slug = org
        let members = try await storage.location.withRepository(logger: CommandLogging.logger(level: .warning)) { repository in
            guard try await repository.org(slug: slug) != nil else { throw StoreFailure.unknownOrg(slug) }
            return try await repository.staff(org: slug)
        }
        guard !members.isEmpty else {
            print("\(slug) has no staff yet (add them with `steward-store staff add`)")
            return
        }
        let rows = [["EMAIL", "ROLE", "CREATED"]]
            + members.map { [$0.email, $0.role.rawValue, Self.created($0.createdAt)] }
        let widths = (0..<2).map { column in rows.map { $0[column].count }.max() ?? 0 }
        for row in rows {
            print(row[0].padding(toLength: widths[0], withPad: " ", startingAt: 0) + "  "
                  + row[1].padding(toLength: widths[1], withPad: " ", startingAt: 0) + "  " + row[2])
        }
    }

    /// "2026-11-22 09:43 UTC": minutes are enough to tell accounts apart.
    private static func created(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        func two(_ value: Int?) -> String { value.map { $0 < 10 ? "0\($0)" : "\($0)" } ?? "00" }
        return "\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day)) \(two(parts.hour)):\(two(parts.minute)) UTC"
    }
}
