import Foundation
import StewardCore

/// The benchmark's organization: members (a few minors and opt-outs), events over the past
/// year with one open for check-in now (and its key), and a ledger where each member has
/// entries at distinct events, some revoked.
struct PassportSeed {
    let members: Int
    let events: Int
    let entries: Int
    let now: Date
    private(set) var memberIds: [String] = []
    private(set) var eventIds: [String] = []
    private(set) var liveEvent = ""
    private(set) var written = 0
    /// The last record's number, once written.
    private(set) var version: Int64 = 0
    private let secret: [UInt8] = (0..<32).map { UInt8(($0 * 37 + 11) % 256) }

    init(members: Int, events: Int, entries: Int, now: Date) {
        self.members = members
        self.events = events
        self.entries = entries
        self.now = now
    }

    func code(at date: Date) -> String { CheckInCode(secret: secret).code(at: date) }

    /// Hands every record to `insert` (entity, id, version, fields), in order; the org's last
    /// number is then `version`.
    mutating func write(_ insert: (String, String, Int64, String) throws -> Void) throws {
        var version: Int64 = 0
        func add(_ entity: String, _ id: String, _ fields: JSONValue) throws {
            version += 1
            try insert(entity, id, version, fields.canonicalText)
        }
        for index in 0..<members {
            let id = UUID().uuidString.lowercased()
            memberIds.append(id)
            var fields: [String: JSONValue] = [
                "displayName": .string("Member \(index)"), "email": .string("member\(index)@bench.example"),
                "audience": .string("residents"), "minor": .bool(index % 20 == 0),
            ]
            if index % 50 == 1 { fields["leaderboard"] = .string(LeaderboardChoice.optOut.rawValue) }
            if index % 40 == 0 { fields["leaderboard"] = .string(LeaderboardChoice.optIn.rawValue) }
            try add(RecordType.member.entity, id, .object(fields))
        }
        for index in 0..<events {
            let id = UUID().uuidString.lowercased()
            eventIds.append(id)
            // The last event is on now, open for check-in; the others spread over the past year.
            let start = index == events - 1 ? now.addingTimeInterval(-600)
                : now.addingTimeInterval(-Double(events - index) * 365 * 86_400 / Double(events))
            let details = EventDetails(title: "Event \(index)",
                                       timing: .timed(start: start, end: start.addingTimeInterval(7_200), timeZone: "America/New_York"),
                                       stampValue: 1 + index % 3)
            try add(SyncEntity.event, id, details.syncFields)
        }
        liveEvent = eventIds[events - 1]
        try add(RecordType.checkInKey.entity, liveEvent,
                .object(["event": .string(liveEvent), "secret": .string(Data(secret).base64EncodedString())]))
        // Each member's k-th entry is at a distinct event (the live one left for the check-ins);
        // one entry in a hundred is then revoked.
        let perMember = max(1, entries / max(1, members))
        var made: [(id: String, member: String, event: String, stamps: Int, at: Date)] = []
        made.reserveCapacity(entries)
        outer: for round in 0..<perMember {
            for (m, member) in memberIds.enumerated() {
                guard made.count < entries - entries / 100 else { break outer }
                let e = (round * 37 + m * 13) % (events - 1)
                let event = eventIds[e]
                let stamps = 1 + e % 3
                let when = now.addingTimeInterval(-Double(events - e) * 365 * 86_400 / Double(events) + Double(m % 3_600))
                let id = CheckInRules.entryId(member: member, event: event)
                try add(RecordType.stamp.entity, id,
                        StampEntry.fields(member: member, event: event, stamps: stamps, kind: m % 10 == 0 ? .grant : .checkIn,
                                          by: "member:\(member)", at: when, note: m % 10 == 0 ? "Paper sheet" : ""))
                made.append((id, member, event, stamps, when))
            }
        }
        var position = 0
        while made.count + position < entries, position * 97 < made.count {
            let target = made[position * 97]
            try add(RecordType.stamp.entity, UUID().uuidString.lowercased(),
                    StampEntry.fields(member: target.member, event: target.event, stamps: -target.stamps, kind: .revoke,
                                      by: "staff@bench.example", at: target.at.addingTimeInterval(86_400),
                                      note: "Not there", reverses: target.id))
            position += 1
        }
        written = made.count + position
        self.version = version
    }
}
