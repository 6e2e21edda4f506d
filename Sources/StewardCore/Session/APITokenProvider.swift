import Foundation

/// An organization's API token kept by the credential store (`stewardctl remote set`): read
/// when first needed, then the same on every request, never renewed.
public final class StoredAPITokenProvider: AccessTokenProvider, @unchecked Sendable {
    private let key: CredentialKey
    private let credentials: any CredentialStore
    // Guarded by `lock`.
    private let lock = NSLock()
    private var loaded: String?

    public init(key: CredentialKey, credentials: any CredentialStore) {
        self.key = key
        self.credentials = credentials
    }

    public func token() async throws(SyncTransportError) -> String {
        if let cached = lock.withLock({ loaded }) { return cached }
        let found: String?
        do {
            found = try credentials.loadAPIToken(key)
        } catch {
            throw .credentialsUnavailable("cannot read the API token from \(credentials.displayName): \(error)")
        }
        guard let found, !found.isEmpty else {
            throw .credentialsUnavailable("no API token is kept for \(key.orgSlug) in \(credentials.displayName); set it again with `stewardctl remote set --org \(key.orgSlug) --url URL --token-file FILE`")
        }
        lock.withLock { loaded = found }
        return found
    }

    public func renewed(after rejected: String) async throws(SyncTransportError) -> String? { nil }
}

/// A remote whose token cannot be had (no credential store to read it from).
struct UnavailableTokenProvider: AccessTokenProvider {
    let reason: String
    func token() async throws(SyncTransportError) -> String { throw .credentialsUnavailable(reason) }
    func renewed(after rejected: String) async throws(SyncTransportError) -> String? { nil }
}
