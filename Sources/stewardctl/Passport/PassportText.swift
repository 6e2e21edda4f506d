import StewardCore
import Translation

/// Sentences the passport's commands share.
enum PassportText {
    /// "They have 8 stamps now: Bronze."
    static func standing(_ total: Int, levels: PassportLevels) -> String {
        let level = levels.level(for: total)?.name ?? tr("no level yet")
        return trn("They have {count} stamp now: {level}.", "They have {count} stamps now: {level}.", total, ["level": level])
    }

    /// Warns when an event gives no stamps: the entry is made, but counts none.
    static func warnIfNoStamps(_ stamps: Int, event: String, eventId: String) {
        guard stamps == 0 else { return }
        Console.warn(tr("“{event}” earns no stamps (its stamp value is 0), so the entry counts none; give it one with `{command}`",
                        ["event": event, "command": "stewardctl events update \(eventId) --stamp-value 1"]))
    }
}
