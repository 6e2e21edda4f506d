import Foundation
import GRDB

/// The city office's levels and prizes: bronze, silver and gold as the original app had them,
/// prizes at each, one retired after members claimed it, and claims by members whose stamps
/// reach the prize's level, within its stock. Stored as a sync from the store brings them.
enum DemoPrizes {
    /// Adds them inside the caller's transaction, after the passport's ledger; answers how many
    /// records.
    static func add(for org: Organization, reference: Date, _ db: Database) throws -> Int {
        guard org.kind == .cityOffice else { return 0 }
        var store = DemoPassport.PulledRecords(org: org, reference: reference, db: db, version: 5_000)
        var levels: [String: (id: String, stamps: Int)] = [:]
        for (name, stamps) in [("Bronze", 7), ("Silver", 10), ("Gold", 15)] {
            levels[name] = (try store.write(.passportLevel, .object(["name": .string(name), "stamps": .int(Int64(stamps))])), stamps)
        }
        let totals = StampTotals(try StampLedger.entries(org, db))
        let members = try RecordService.live(.member, org: org, db)
            .sorted { ($0["email"]?.stringValue ?? "") < ($1["email"]?.stringValue ?? "") }
        var random = DemoRandom(seed: 2_311)
        for prize in prizes {
            guard let level = levels[prize.level] else { continue }
            var fields: [String: JSONValue] = [
                "name": .string(prize.name), "description": .string(prize.description), "level": .string(level.id),
                "limitPerMember": .int(1), "retired": .bool(prize.retired),
                "availableFrom": .string(DateTimeText.utc(reference.addingTimeInterval(-150 * 86_400))),
            ]
            if let stock = prize.stock { fields["stock"] = .int(Int64(stock)) }
            if let days = prize.untilDays { fields["availableUntil"] = .string(DateTimeText.utc(reference.addingTimeInterval(days * 86_400))) }
            let id = try store.write(.prize, .object(fields))
            var claimed = 0
            for member in members where totals.stamps(of: member.key) >= level.stamps {
                guard claimed < (prize.stock ?? .max), random.chance(prize.uptake) else { continue }
                let at = reference.addingTimeInterval(-Double(Int.random(in: 2...40, using: &random)) * 86_400)
                _ = try store.write(.redemption, .object([
                    "prize": .string(id), "member": .string(member.key), "at": .string(DateTimeText.utc(at)),
                    "by": .string(DemoPassport.office), "note": .string(""),
                ]))
                claimed += 1
            }
        }
        return store.added
    }

    static let prizes: [(name: String, description: String, level: String, stock: Int?, untilDays: Double?, retired: Bool, uptake: Double)] = [
        ("Passport Sticker Pack", "Six stickers of Riverton's murals. Pick them up at City Hall, room 104.", "Bronze", 60, nil, false, 0.8),
        ("Reusable Tote Bag", "A canvas tote with the river skyline.", "Bronze", 25, 60, false, 0.5),
        ("Summer Reading Mug", "Last summer's mug; the last ones went in August.", "Bronze", 12, nil, true, 0.5),
        ("River Festival T-shirt", "Sizes S to XXL, while they last.", "Silver", 3, 90, false, 0.9),
        ("Pool Day Pass", "A free day at the Riverside municipal pool.", "Silver", nil, 120, false, 0.4),
        ("Museum Family Membership", "A year at the Riverton History Museum for a household.", "Gold", 2, nil, false, 1.0),
    ]
}
