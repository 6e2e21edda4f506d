/// The remote store's version, reported by `steward-store --version` and the health endpoint.
public enum StoreVersion {
    public static let current = "0.1.0"
}
