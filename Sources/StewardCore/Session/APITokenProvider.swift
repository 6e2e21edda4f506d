import Foundation
import Translation

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
            throw .credentialsUnavailable(tr("cannot read the API token from {store}: {error}",
                                             ["store": credentials.displayName, "error": "\(error)"]))
        }
        guard let found, !found.isEmpty else {
            throw .credentialsUnavailable(tr("no API token is kept for {org} in {store}; set it again with `{command}`",
                                             ["org": key.orgSlug, "store": credentials.displayName,
                                              "command": "stewardctl remote set --org \(key.orgSlug) --url URL --token-file FILE"]))
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
