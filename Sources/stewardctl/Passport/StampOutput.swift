import Foundation
import StewardCore
import Translation

/// How ledger entries print: JSON objects (`id`, `member`, `event`, `kind`, …) or a table, with
/// members by e-mail and events by title.
struct StampOutput {
    let org: Organization
    let emails: [String: String]
    let titles: [String: String]
    let reversed: Set<String>

    static func load(org: Organization, database: AppDatabase) async throws -> StampOutput {
        let service = RecordService(database: database)
        let members = try await service.list(.member, in: org)
        let events = try await service.titles(of: SyncEntity.event, in: org)
        let entries = try await StampLedger(database: database).entries(in: org)
        return StampOutput(org: org,
                           emails: Dictionary(members.map { ($0.key, $0["email"]?.stringValue ?? "") }, uniquingKeysWith: { a, _ in a }),
                           titles: Dictionary(events.map { ($0.key.uuidString.lowercased(), $0.value) }, uniquingKeysWith: { a, _ in a }),
                           reversed: StampTotals(entries).reversed)
    }

    /// What a grant or revocation prints: the entry as JSON, or `sentence` and where the member
    /// stands now.
    static func report(_ entry: StampEntry, org: Organization, database: AppDatabase, json: Bool,
                       sentence: (StampOutput) -> String) async throws {
        let out = try await load(org: org, database: database)
        if entry.kind == .grant {
            PassportText.warnIfNoStamps(entry.stamps, event: out.titles[entry.event] ?? entry.event, eventId: entry.event)
        }
        if json {
            Console.printJSON(out.json(entry))
            return
        }
        print(sentence(out))
        print(PassportText.standing(try await StampLedger(database: database).totals(in: org).stamps(of: entry.member),
                                    levels: try await PassportLevels.of(org, database: database)))
    }

    /// `member` and `event` are ids, as everywhere in JSON; `memberEmail` and `eventTitle` say
    /// who and what; `revoked` tells whether a revocation reversed the entry.
    func json(_ entry: StampEntry) -> JSONValue {
        .object([
            "id": .string(entry.key), "member": .string(entry.member), "memberEmail": .optional(emails[entry.member]),
            "event": .string(entry.event), "eventTitle": .optional(titles[entry.event]),
            "stamps": .int(Int64(entry.stamps)), "kind": .string(entry.kind.rawValue), "by": .string(entry.by),
            "at": .string(DateTimeText.utc(entry.at)), "note": .string(entry.note), "reverses": .optional(entry.reverses),
            "revoked": .bool(reversed.contains(entry.key)),
        ])
    }

    func table(_ entries: [StampEntry]) -> [String] {
        var table = Table([trc("table heading", "ID"), trc("table heading", "WHEN"), trc("table heading", "MEMBER"),
                           trc("table heading", "EVENT"), trc("table heading", "STAMPS"), trc("table heading", "KIND"),
                           trc("table heading", "BY"), trc("table heading", "NOTE")])
        for entry in entries {
            var kind = entry.kind.text
            if reversed.contains(entry.key) { kind = tr("{kind} (revoked)", ["kind": kind]) }
            table.append([entry.key, DateTimeText.local(entry.at, zone: org.timeZone), emails[entry.member] ?? entry.member,
                          titles[entry.event] ?? entry.event, String(entry.stamps), kind, entry.by, entry.note])
        }
        return table.lines
    }
}
