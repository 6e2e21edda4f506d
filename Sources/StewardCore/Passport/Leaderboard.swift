import Foundation

/// One place on the leaderboard.
public struct LeaderboardRow: Hashable, Sendable {
    /// Shared by a tie: 1, 2, 2, 4.
    public var rank: Int
    /// The member's id.
    public var member: String
    public var name: String
    public var email: String
    public var stamps: Int
    public var level: PassportLevel?
    /// When they reached their total: within a tie, who got there first is listed first.
    public var reachedAt: Date?

    public init(rank: Int = 0, member: String, name: String, email: String, stamps: Int, level: PassportLevel?,
                reachedAt: Date?) {
        self.rank = rank
        self.member = member
        self.name = name
        self.email = email
        self.stamps = stamps
        self.level = level
        self.reachedAt = reachedAt
    }
}

/// The passport's ranking, read from the ledger: members with stamps, most first. A tie
/// shares its rank and the next rank skips (1, 2, 2, 4), so a rank always says how many are
/// ahead; within a tie whoever reached the total first comes first. Members who opted out are
/// left off, and minors unless they or their guardian opted in (`LeaderboardChoice`); the
/// ranks count only those shown, so a hidden member leaves no gap that gives them away.
public enum Leaderboard {
    public static func rank(members: [LocalRecord], totals: StampTotals, levels: PassportLevels) -> [LeaderboardRow] {
        let shown = members.filter(isShown).compactMap { member -> LeaderboardRow? in
            guard let total = totals.byMember[member.key], total.stamps > 0 else { return nil }
            return LeaderboardRow(rank: 0, member: member.key, name: member["displayName"]?.stringValue ?? "",
                                  email: member["email"]?.stringValue ?? "", stamps: total.stamps,
                                  level: levels.level(for: total.stamps), reachedAt: total.reachedAt)
        }
        return ranked(shown)
    }

    /// Orders rows of members who are shown and gives them their ranks, ties sharing one: the
    /// whole board, or its top (the store reads only the first page, already in order).
    public static func ranked(_ shown: [LeaderboardRow]) -> [LeaderboardRow] {
        var rows: [LeaderboardRow] = []
        rows.reserveCapacity(shown.count)
        for (index, row) in shown.sorted(by: ahead).enumerated() {
            var ranked = row
            ranked.rank = index > 0 && rows[index - 1].stamps == row.stamps ? rows[index - 1].rank : index + 1
            rows.append(ranked)
        }
        return rows
    }

    /// Whether a member record's fields put them on the board (`isShown`, on the store's
    /// JSON fields).
    public static func isShown(fields: JSONValue) -> Bool {
        let choice = fields["leaderboard"]?.stringValue.flatMap(LeaderboardChoice.init(rawValue:)) ?? .standard
        return choice.shows(minor: fields["minor"]?.boolValue ?? false)
    }

    /// What the member (or their guardian) chose, with minors hidden by default.
    public static func isShown(_ member: LocalRecord) -> Bool {
        let choice = member["leaderboard"]?.stringValue.flatMap(LeaderboardChoice.init(rawValue:)) ?? .standard
        return choice.shows(minor: member["minor"]?.boolValue ?? false)
    }

    /// More stamps first; in a tie, the earlier to reach them; then by name and id, so the
    /// same ledger always gives the same order.
    public static func ahead(_ a: LeaderboardRow, _ b: LeaderboardRow) -> Bool {
        if a.stamps != b.stamps { return a.stamps > b.stamps }
        let first = a.reachedAt ?? .distantFuture, second = b.reachedAt ?? .distantFuture
        if first != second { return first < second }
        return (a.name, a.member) < (b.name, b.member)
    }
}
