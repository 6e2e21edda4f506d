import CommandLineSupport
import Foundation
import StewardCore
import Translation

/// How redemptions print: JSON objects (`id`, `prize`, `member`, `at`, …) or a table, with
/// members by e-mail and prizes by name.
struct RedemptionOutput {
    let org: Organization
    let emails: [String: String]
    let names: [String: String]
    let standing: [String: (claimed: Int, left: Int?)]

    static func load(org: Organization, database: AppDatabase) async throws -> RedemptionOutput {
        let service = RecordService(database: database)
        let members = try await service.list(.member, in: org)
        let prizes = try await service.titles(of: RecordType.prize.entity, in: org)
        return RedemptionOutput(org: org,
                                emails: Dictionary(members.map { ($0.key, $0["email"]?.stringValue ?? "") }, uniquingKeysWith: { a, _ in a }),
                                names: Dictionary(prizes.map { ($0.key.uuidString.lowercased(), $0.value) }, uniquingKeysWith: { a, _ in a }),
                                standing: try await Redemptions(database: database).standing(in: org))
    }

    static func prizeId(_ text: String) throws -> UUID {
        guard let id = UUID(uuidString: text.trimmingCharacters(in: .whitespaces)) else {
            throw CLIError.usage("prize: " + tr("must be a prize id like 3f2b8c1e-5d4a-4e7b-9c61-0a1b2c3d4e5f, as `{command}` prints it (got \"{value}\")",
                                                ["command": "stewardctl prizes list", "value": text]))
        }
        return id
    }

    /// `prize` and `member` are ids, as everywhere in JSON; `prizeName`, `memberEmail` and
    /// `left` (the prize's stock left, null for no limit) say more; `reverses` names the
    /// redemption an undo takes back.
    func json(_ record: LocalRecord) -> JSONValue {
        let prize = record["prize"]?.stringValue ?? "", member = record["member"]?.stringValue ?? ""
        return .object([
            "id": .string(record.key), "prize": .string(prize), "prizeName": .optional(names[prize]),
            "member": .string(member), "memberEmail": .optional(emails[member]),
            "at": record["at"] ?? .null, "by": record["by"] ?? .string(""), "note": record["note"] ?? .string(""),
            "left": standing[prize]?.left.map { .int(Int64($0)) } ?? .null,
            // Set on an undo: the id of the redemption it takes back.
            "reverses": .optional(record["reverses"]?.stringValue),
        ])
    }

    func table(_ records: [LocalRecord]) -> [String] {
        var table = Table([trc("table heading", "ID"), trc("table heading", "WHEN"), trc("table heading", "MEMBER"),
                           trc("table heading", "PRIZE"), trc("table heading", "BY"), trc("table heading", "NOTE"),
                           trc("table heading", "UNDOES")])
        for record in records {
            let prize = record["prize"]?.stringValue ?? "", member = record["member"]?.stringValue ?? ""
            let at = record["at"]?.stringValue.flatMap(DateTimeText.parseUTC).map { DateTimeText.local($0, zone: org.timeZone) } ?? ""
            table.append([record.key, at, emails[member] ?? member, names[prize] ?? prize,
                          record["by"]?.stringValue ?? "", record["note"]?.stringValue ?? "",
                          record["reverses"]?.stringValue ?? ""])
        }
        return table.lines
    }
}
