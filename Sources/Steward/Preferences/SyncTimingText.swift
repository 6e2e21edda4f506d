import StewardCore
import Translation

/// How the background sync's timing reads: the choices in Preferences and the line on the
/// Sync page say the same words.
enum SyncTimingText {
    /// One interval choice: "Every 3 minutes", "Every hour", "Only when asked".
    static func interval(minutes: Int) -> String {
        switch minutes {
        case ...0: tr("Only when asked")
        case 60: tr("Every hour")
        default: trn("Every minute", "Every {count} minutes", minutes)
        }
    }

    /// What the running cadence does, for the Sync page: "Every 3 minutes, and soon after each change".
    static func summary(_ cadence: SyncCadence) -> String {
        let timer: String? = cadence.isPeriodic ? every(seconds: cadence.interval) : nil
        switch (timer, cadence.syncsAfterEdits) {
        case (let timer?, true): return tr("{interval}, and soon after each change", ["interval": timer])
        case (let timer?, false): return timer
        case (nil, true): return tr("Soon after each change, and when you press Sync Now")
        case (nil, false): return tr("Only when you press Sync Now")
        }
    }

    private static func every(seconds: Double) -> String {
        let whole = Int(seconds.rounded())
        if whole % 60 == 0 { return interval(minutes: whole / 60) }
        return trn("Every second", "Every {count} seconds", max(1, whole))
    }
}
