/// The tokens of a staff session: bearer tokens like the API tokens (256 random bits, stored
/// only as SHA-256 hashes), with prefixes of their own so the store knows where to look one up
/// and a leaked one is easy to recognize.
public enum SessionToken {
    public static let accessPrefix = "stwa_"
    public static let refreshPrefix = "stwr_"

    static func newAccess() -> String { BearerToken.generate(prefix: accessPrefix) }
    static func newRefresh() -> String { BearerToken.generate(prefix: refreshPrefix) }

    static func isAccess(_ token: String) -> Bool { token.hasPrefix(accessPrefix) }
}
