import Foundation
import Translation

/// What one refresh changed in the mirror. A class newly cancelled counts in `cancelled` (and in
/// `updated` when it was already there); likewise a class newly taken by a substitute.
public struct RefreshCounts: Hashable, Sendable, Codable {
    /// Classes the mirror did not hold before.
    public var new = 0
    /// Classes already held whose source fields changed (a removed one listed again included).
    public var updated = 0
    /// Classes now cancelled that were not before (new cancelled ones included).
    public var cancelled = 0
    /// Classes now taught by a substitute that were not before (new ones included).
    public var substitutes = 0
    /// Classes the source no longer lists, newly marked removed.
    public var removed = 0
    /// Staff appointments that changed: new, changed (a removed one listed again included) or
    /// newly marked removed. Always 0 for a source without appointments.
    public var appointments = 0

    public init(new: Int = 0, updated: Int = 0, cancelled: Int = 0, substitutes: Int = 0, removed: Int = 0,
                appointments: Int = 0) {
        self.new = new
        self.updated = updated
        self.cancelled = cancelled
        self.substitutes = substitutes
        self.removed = removed
        self.appointments = appointments
    }

    private enum CodingKeys: String, CodingKey { case new, updated, cancelled, substitutes, removed, appointments }

    /// Counts kept before appointments were mirrored have no `appointments`: 0.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        new = try c.decode(Int.self, forKey: .new)
        updated = try c.decode(Int.self, forKey: .updated)
        cancelled = try c.decode(Int.self, forKey: .cancelled)
        substitutes = try c.decode(Int.self, forKey: .substitutes)
        removed = try c.decode(Int.self, forKey: .removed)
        appointments = try c.decodeIfPresent(Int.self, forKey: .appointments) ?? 0
    }

    public static func + (a: RefreshCounts, b: RefreshCounts) -> RefreshCounts {
        RefreshCounts(new: a.new + b.new, updated: a.updated + b.updated, cancelled: a.cancelled + b.cancelled,
                      substitutes: a.substitutes + b.substitutes, removed: a.removed + b.removed,
                      appointments: a.appointments + b.appointments)
    }

    public var isEmpty: Bool { self == RefreshCounts() }

    /// "2 cancelled, 1 substitute, 3 new, 1 removed", or "no changes".
    public var summary: String {
        var parts: [String] = []
        if cancelled > 0 { parts.append(trn("{count} cancelled", "{count} cancelled", cancelled)) }
        if substitutes > 0 { parts.append(trn("{count} substitute", "{count} substitutes", substitutes)) }
        if new > 0 { parts.append(trn("{count} new", "{count} new", new)) }
        if updated > 0 { parts.append(trn("{count} updated", "{count} updated", updated)) }
        if removed > 0 { parts.append(trn("{count} removed", "{count} removed", removed)) }
        if appointments > 0 { parts.append(trn("{count} appointment changed", "{count} appointments changed", appointments)) }
        return parts.isEmpty ? tr("no changes") : parts.joined(separator: ", ")
    }
}
