import ArgumentParser
import Foundation
import StewardStore

/// `steward-store token list --org SLUG`: the organization's API tokens by id, never the secret.
struct TokenListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List an organization's API tokens: id, role, created, expires, revoked (UTC). Never the tokens themselves."
    )

    @OptionGroup var organization: OrgOption

    @OptionGroup var storage: StorageOptions


    func run() async throws {
        let slug = organization.org
        let tokens = try await storage.withExistingOrg(slug) { repository in try await repository.tokens(org: slug) }
        guard !tokens.isEmpty else {
            print("\(slug) has no API tokens (make one with `steward-store token create`)")
            return
        }
        let rows = [["ID", "ROLE", "CREATED", "EXPIRES", "REVOKED"]] + tokens.map { token in
            [token.id, token.role.rawValue, UTCMinutes.text(token.createdAt),
             token.expiresAt.map(UTCMinutes.text) ?? "never", token.revokedAt.map(UTCMinutes.text) ?? "-"]
        }
        UTCMinutes.printTable(rows)
    }
}

/// "2026-11-22 09:43 UTC": minutes are enough to tell tokens and accounts apart.
enum UTCMinutes {
    static func text(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        func two(_ value: Int?) -> String { value.map { $0 < 10 ? "0\($0)" : "\($0)" } ?? "00" }
        return "\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day)) \(two(parts.hour)):\(two(parts.minute)) UTC"
    }

    /// Columns padded to their widest cell, two spaces apart; the last one as it is.
    static func printTable(_ rows: [[String]]) {
        guard let columns = rows.first?.count else { return }
        let widths = (0..<columns).map { column in rows.map { $0[column].count }.max() ?? 0 }
        for row in rows {
            let padded = row.enumerated().map { column, cell in
                column == columns - 1 ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }
            print(padded.joined(separator: "  "))
        }
    }
}
