/// What a member (or a minor's guardian) chose about the passport's leaderboard: the member
/// record's `leaderboard` field.
public enum LeaderboardChoice: String, CaseIterable, Sendable {
    /// Adults are shown, minors are not: the safe side for a child nobody asked.
    case standard = "default"
    /// Never shown.
    case optOut = "opt-out"
    /// Shown, a minor too (they or their guardian agreed).
    case optIn = "opt-in"

    /// Whether a member with this choice, a minor or not, appears on the leaderboard.
    public func shows(minor: Bool) -> Bool {
        switch self {
        case .standard: !minor
        case .optOut: false
        case .optIn: true
        }
    }
}
