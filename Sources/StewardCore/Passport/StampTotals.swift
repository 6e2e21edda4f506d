import Foundation

/// What the ledger adds up to, derived every time and never stored: each member's stamps,
/// when they reached that total, and which entries still count.
public struct StampTotals: Sendable {
    public struct Total: Hashable, Sendable {
        public var stamps: Int
        /// When the member's total last changed to what it is: the leaderboard's tie-break
        /// (who got there first).
        public var reachedAt: Date?
    }

    /// By member id.
    public let byMember: [String: Total]
    /// Ids of entries a revocation reversed.
    public let reversed: Set<String>

    public init(_ entries: [StampEntry]) {
        var totals: [String: Total] = [:]
        for entry in entries.sorted(by: Self.chronological) where entry.stamps != 0 {
            var total = totals[entry.member, default: Total(stamps: 0, reachedAt: nil)]
            total.stamps += entry.stamps
            total.reachedAt = entry.at
            totals[entry.member] = total
        }
        byMember = totals
        reversed = Self.reversed(in: entries)
    }

    public func stamps(of member: String) -> Int { byMember[member]?.stamps ?? 0 }

    /// Ids of the entries revocations among `entries` reverse.
    static func reversed(in entries: [StampEntry]) -> Set<String> {
        Set(entries.compactMap { $0.kind == .revoke ? $0.reverses : nil })
    }

    /// Entries that give stamps and were not revoked: at most one per member and event.
    public static func live(_ entries: [StampEntry]) -> [StampEntry] {
        let reversed = reversed(in: entries)
        return entries.filter { $0.kind != .revoke && !reversed.contains($0.key) }
    }

    /// Oldest first; the id settles entries made in the same instant, so totals never depend
    /// on the order rows were read in.
    static func chronological(_ a: StampEntry, _ b: StampEntry) -> Bool {
        a.at != b.at ? a.at < b.at : a.key < b.key
    }
}
