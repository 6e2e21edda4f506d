import Foundation

/// The limits of a timing field (`FieldKind.timing`), declared once with the field (made only
/// in the core's declarations, so the memberwise initializer serves).
public struct TimingLimits: Sendable, Hashable {
    /// How long a timed event typed without an end lasts.
    public let defaultDuration: TimeInterval
    /// The longest a timed event may run; longer runs are all-day events.
    public let longestTimed: TimeInterval
    /// How many days after its first day an all-day event may end.
    public let longestAllDaySpan: Int
}
