import StewardCore

/// The remote store's version, reported by `steward-store --version`: Steward's, since the
/// store ships with the console it serves.
public enum StoreVersion {
    public static let current = StewardVersion.current
}
