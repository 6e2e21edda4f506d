import StewardCore
import Translation

/// Sentences the passport's commands share.
enum PassportText {
    /// "They have 8 stamps now: Bronze."
    static func standing(_ total: Int, levels: PassportLevels = .standard) -> String {
        let level = levels.level(for: total)?.name ?? tr("no level yet")
        return trn("They have {count} stamp now: {level}.", "They have {count} stamps now: {level}.", total, ["level": level])
    }
}
