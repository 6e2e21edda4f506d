import Foundation
import GRDB

/// Everything the window's Passport page shows, read in one transaction: the ledger (newest
/// first) with who and what each entry names, each member's total and level, the leaderboard,
/// and the events that give stamps (what staff grant for and show codes of). All of it is
/// derived from the ledger through `StampTotals` and `Leaderboard`, never stored.
public struct PassportOverview: Sendable {
    /// An event that gives stamps: a choice in the grant form and the check-in screen.
    public struct StampEvent: Hashable, Sendable {
        public var id: UUID
        public var title: String
        public var stamps: Int
        /// nil for an ongoing (untimed) event.
        public var startsAt: Date?
        public var key: String { UUIDColumn.encode(id) }
    }

    /// A member with their total and level, and how far the next level is.
    public struct Standing: Hashable, Sendable {
        public var member: String
        public var name: String
        public var email: String
        public var stamps: Int
        public var level: PassportLevel?
        public var nextLevel: PassportLevel?
        public var missing: Int
        /// What they (or a guardian) chose about the leaderboard, and whether they are a minor.
        public var choice: LeaderboardChoice
        public var minor: Bool
        /// Whether they appear on the leaderboard (once they have stamps).
        public var isShown: Bool { choice.shows(minor: minor) }
    }

    public var entries: [StampEntry] = []
    /// Ids of entries a revocation reversed.
    public var reversed: Set<String> = []
    /// Members' names and e-mails by id.
    public var names: [String: (name: String, email: String)] = [:]
    /// Titles of the events entries name (and of the stamp events), by id.
    public var eventTitles: [String: String] = [:]
    /// Events that give stamps: those begun (or beginning within a day) latest first, as staff
    /// mostly grant for what just happened; then those to come, soonest first; ongoing ones last.
    public var stampEvents: [StampEvent] = []
    /// Every live member, by name.
    public var standings: [Standing] = []
    public var leaderboard: [LeaderboardRow] = []

    public init() {}

    public static func load(_ org: Organization, database: AppDatabase,
                            levels: PassportLevels = .standard) async throws -> PassportOverview {
        try await database.writer.read { db in try load(org, levels: levels, db) }
    }

    static func load(_ org: Organization, levels: PassportLevels, now: Date = Date(), _ db: Database) throws -> PassportOverview {
        var overview = PassportOverview()
        let entries = try StampLedger.entries(org, db)
        let members = try RecordService.live(.member, org: org, db)
        let totals = StampTotals(entries)
        overview.entries = entries.sorted { StampTotals.chronological($1, $0) }
        overview.reversed = totals.reversed
        for member in members {
            overview.names[member.key] = (member["displayName"]?.stringValue ?? "", member["email"]?.stringValue ?? "")
        }
        overview.standings = members.map { member in
            let stamps = totals.stamps(of: member.key)
            let next = levels.next(after: stamps)
            return Standing(member: member.key, name: member["displayName"]?.stringValue ?? "",
                            email: member["email"]?.stringValue ?? "", stamps: stamps, level: levels.level(for: stamps),
                            nextLevel: next?.level, missing: next?.missing ?? 0,
                            choice: member["leaderboard"]?.stringValue.flatMap(LeaderboardChoice.init(rawValue:)) ?? .standard,
                            minor: member["minor"]?.boolValue ?? false)
        }.sorted { ($0.name.lowercased(), $0.email) < ($1.name.lowercased(), $1.email) }
        overview.leaderboard = Leaderboard.rank(members: members, totals: totals, levels: levels)
        let orgKey = UUIDColumn.encode(org.id)
        let rows = try Row.fetchAll(db, sql: """
            SELECT id, title, stampValue, startsAt FROM event
            WHERE orgId = ? AND deleted = 0 AND stampValue > 0
            ORDER BY startsAt IS NULL, startsAt > ?, CASE WHEN startsAt <= ? THEN startsAt END DESC, startsAt,
                     title COLLATE NOCASE, id
            """, arguments: [orgKey, now.addingTimeInterval(86_400), now.addingTimeInterval(86_400)])
        for row in rows {
            guard let id = UUID(uuidString: row["id"] ?? "") else { continue }
            let event = StampEvent(id: id, title: row["title"] ?? "", stamps: row["stampValue"] ?? 0, startsAt: row["startsAt"])
            overview.stampEvents.append(event)
            overview.eventTitles[event.key] = event.title
        }
        // Entries may name events that no longer give stamps (or were removed): still by title.
        for key in Set(entries.map(\.event)) where overview.eventTitles[key] == nil {
            let title = try String.fetchOne(db, sql: "SELECT title FROM event WHERE id = ? AND orgId = ?",
                                            arguments: [key, orgKey])
            overview.eventTitles[key] = title ?? key
        }
        return overview
    }

    public func name(of member: String) -> String {
        guard let known = names[member] else { return member }
        return known.name.isEmpty ? known.email : known.name
    }

    public func email(of member: String) -> String { names[member]?.email ?? "" }

    public func title(of event: String) -> String { eventTitles[event] ?? event }

    /// The entry with this id.
    public func entry(_ key: String) -> StampEntry? { entries.first { $0.key == key } }

    /// Whether staff may revoke the entry: it gives stamps and nothing reversed it yet.
    public func isRevocable(_ entry: StampEntry) -> Bool {
        entry.kind != .revoke && !reversed.contains(entry.key)
    }

    /// The entries of `member` at `event` (ids; nil: any) whose member, event, by or note
    /// contain every word of `search`, any case.
    public func entries(member: String?, event: String?, search: String) -> [StampEntry] {
        let words = search.lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
        return entries.filter { entry in
            if let member, entry.member != member { return false }
            if let event, entry.event != event { return false }
            guard !words.isEmpty else { return true }
            let text = [name(of: entry.member), email(of: entry.member), title(of: entry.event), entry.by, entry.note,
                        entry.kind.text, entry.kind.rawValue].joined(separator: " ").lowercased()
            return words.allSatisfy(text.contains)
        }
    }
}
