import Foundation
import Translation

/// Where an organization's sync stands, as the window's header bar says it.
public struct SyncState: Hashable, Sendable {
    public enum Phase: Hashable, Sendable {
        /// No remote store, or the staff member's session is over: nothing can be sent.
        case signedOut
        /// Not syncing now; the next sync comes after edits, on the timer, or on demand.
        case idle
        /// A sync is running; `progress` (0...1) while changes are sent, nil otherwise.
        case syncing(progress: Double?)
        /// The store could not be reached; the next attempt is at `nextRetry`.
        case offline(nextRetry: Date)
        /// The last sync failed for a reason retrying will not fix (`message` says which).
        case failed(message: String)
    }

    public var phase: Phase
    /// Changes made here that the store has not confirmed yet.
    public var pending: Int
    /// Conflicts waiting for someone to choose.
    public var conflicts: Int
    /// Changes the store refused for good (dead letters).
    public var rejected: Int
    /// When the last sync that reached its end finished.
    public var lastSuccess: Date?

    public init(phase: Phase, pending: Int = 0, conflicts: Int = 0, rejected: Int = 0, lastSuccess: Date? = nil) {
        self.phase = phase
        self.pending = pending
        self.conflicts = conflicts
        self.rejected = rejected
        self.lastSuccess = lastSuccess
    }

    /// Whether this state ends a sync that reached its end: the one before was syncing, and
    /// nothing went wrong (failed or offline).
    public func endsSuccessfulSync(after previous: SyncState) -> Bool {
        guard case .syncing = previous.phase, case .idle = phase else { return false }
        return true
    }

    /// The status in plain words: "All changes sent", "3 changes waiting", "2 changes need
    /// attention" (conflicts and refused changes), "Syncing…",
    /// "Offline, will retry", "Signed out", "Sync failed".
    public var headline: String {
        switch phase {
        case .signedOut: tr("Signed out")
        case .syncing: tr("Syncing…")
        case .offline: tr("Offline, will retry")
        case .failed: tr("Sync failed")
        case .idle:
            // A change held by a conflict or refused by the store has not been sent either:
            // "All changes sent" is said only when it is true.
            switch (pending, conflicts + rejected) {
            case (0, 0): tr("All changes sent")
            case (0, let held): trn("{count} change needs attention", "{count} changes need attention", held)
            default: trn("{count} change waiting", "{count} changes waiting", pending)
            }
        }
    }

    /// "Last synced at 14:05", "Last synced yesterday at 09:12", "Never synced", in the local zone.
    public var lastSyncText: String {
        lastSyncText(now: Date(), zone: .current)
    }

    /// The same, as seen at `now` in `zone`: the day is named when it is not today
    /// ("yesterday", "on 3 Mar", "on 3 Mar 2025").
    public func lastSyncText(now: Date, zone: TimeZone) -> String {
        guard let lastSuccess else { return tr("Never synced") }
        let then = CivilTime.fields(lastSuccess, zone: zone)
        let today = CivilTime.fields(now, zone: zone)
        let clock = DatePatternText.format(lastSuccess, "HH:mm", zone: zone)
        let dayThen = CivilTime.days(year: then.year, month: then.month, day: then.day)
        let dayNow = CivilTime.days(year: today.year, month: today.month, day: today.day)
        switch dayNow - dayThen {
        case ...0:
            return tr("Last synced at {time}", ["time": clock])
        case 1:
            return tr("Last synced yesterday at {time}", ["time": clock])
        default:
            // The day as dates read elsewhere in the window, in the locale's words.
            let date = DatePatternText.format(lastSuccess, then.year == today.year ? "d MMM" : "d MMM yyyy", zone: zone)
            return tr("Last synced on {date} at {time}", ["date": date, "time": clock])
        }
    }
}
