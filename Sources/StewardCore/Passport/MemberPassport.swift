import Foundation

/// One member's passport, as the app (`GET …/me/passport`) and the console show it: each entry
/// of their ledger with the event that gave it (a grant or check-in a later revocation reversed
/// is marked revoked, and the revocation is listed too), their total and level, the next level
/// with the stamps it still takes, and the prizes that level unlocks. Derived from the ledger
/// every time, as the totals and the leaderboard are.
public struct MemberPassport: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var id: String
        public var kind: StampKind
        public var stamps: Int
        public var event: String
        /// nil when the event is no longer there.
        public var eventTitle: String?
        /// The date of a repeating event the stamps were for.
        public var occurrence: String?
        public var at: Date
        /// A later revocation reversed it: it no longer counts.
        public var revoked: Bool
        /// For a revocation, the entry it reverses.
        public var reverses: String?
    }

    /// A prize as members see it: its name.
    public struct Prize: Sendable, Equatable {
        public var id: String
        public var name: String
    }

    /// Newest first.
    public var entries: [Entry]
    public var stamps: Int
    public var level: PassportLevel?
    public var nextLevel: PassportLevel?
    /// Stamps still to get for the next level (0 at the top).
    public var missing: Int
    /// The prizes the next level opens, by name: those that require it, on offer or to come.
    public var unlocks: [Prize]

    /// `entries`: the member's ledger entries, in any order; `prizes`: the organization's prize
    /// records by id; `eventTitles`: by event id.
    public init(entries: [StampEntry], levels: PassportLevels, eventTitles: [String: String],
                prizes: [(id: String, fields: JSONValue)], now: Date) {
        let totals = StampTotals(entries)
        let member = entries.first?.member ?? ""
        self.entries = entries.sorted { StampTotals.chronological($1, $0) }.map { entry in
            Entry(id: entry.key, kind: entry.kind, stamps: entry.stamps, event: entry.event,
                  eventTitle: eventTitles[entry.event.lowercased()], occurrence: entry.occurrence, at: entry.at,
                  revoked: totals.reversed.contains(entry.key), reverses: entry.reverses)
        }
        stamps = totals.stamps(of: member)
        level = levels.level(for: stamps)
        let next = levels.next(after: stamps)
        nextLevel = next?.level
        missing = next?.missing ?? 0
        let nextId = next?.level.recordId?.lowercased()
        unlocks = nextId == nil ? [] : prizes.filter { prize in
            prize.fields["level"]?.stringValue?.lowercased() == nextId
                && [.available, .scheduled].contains(PrizeStatus.of(prize.fields, at: now))
        }.map { Prize(id: $0.id, name: $0.fields["name"]?.stringValue ?? "") }
         .sorted { ($0.name.lowercased(), $0.id) < ($1.name.lowercased(), $1.id) }
    }

    /// The app's JSON. Who granted an entry and the staff's note stay on the console.
    public var json: JSONValue {
        func level(_ level: PassportLevel?) -> [String: JSONValue]? {
            level.map { ["key": .string($0.key), "title": .string($0.name), "stamps": .int(Int64($0.threshold))] }
        }
        var next: JSONValue = .null
        if var fields = level(nextLevel) {
            fields["missing"] = .int(Int64(missing))
            fields["unlocks"] = .array(unlocks.map { .object(["id": .string($0.id), "name": .string($0.name)]) })
            next = .object(fields)
        }
        return .object([
            "stamps": .int(Int64(stamps)),
            "level": level(self.level).map(JSONValue.object) ?? .null,
            "nextLevel": next,
            "entries": .array(entries.map { entry in
                .object([
                    "id": .string(entry.id), "kind": .string(entry.kind.rawValue), "stamps": .int(Int64(entry.stamps)),
                    "event": .string(entry.event), "eventTitle": entry.eventTitle.map(JSONValue.string) ?? .null,
                    "occurrence": entry.occurrence.map(JSONValue.string) ?? .null,
                    "at": .string(DateTimeText.utc(entry.at)), "revoked": .bool(entry.revoked),
                    "reverses": entry.reverses.map(JSONValue.string) ?? .null,
                ])
            }),
        ])
    }
}
