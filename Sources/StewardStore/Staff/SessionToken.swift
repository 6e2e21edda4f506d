/// The tokens of a session: bearer tokens like the API tokens (256 random bits, stored only as
/// SHA-256 hashes), with prefixes of their own so the store knows where to look one up and a
/// leaked one is easy to recognize. Staff and the app's members have prefixes of their own: a
/// member's token is never looked up as a staff member's.
public enum SessionToken {
    public static let accessPrefix = "stwa_"
    public static let refreshPrefix = "stwr_"
    public static let memberAccessPrefix = "stwma_"
    public static let memberRefreshPrefix = "stwmr_"

    /// Whose session a token belongs to.
    public enum Principal: Sendable, Hashable {
        case staff
        case member

        var accessPrefix: String { self == .staff ? SessionToken.accessPrefix : SessionToken.memberAccessPrefix }
        var refreshPrefix: String { self == .staff ? SessionToken.refreshPrefix : SessionToken.memberRefreshPrefix }
    }

    static func isAccess(_ token: String) -> Bool { token.hasPrefix(accessPrefix) }
    static func isMemberAccess(_ token: String) -> Bool { token.hasPrefix(memberAccessPrefix) }
}
