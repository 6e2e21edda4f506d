import Foundation
import Translation

/// Where the console keeps what lets it act on a store: a signed-in staff member's tokens, or
/// an organization's API token (`stewardctl remote set`). The desktop keyring, or files only
/// the user can read; never the database, whose copies (backups, a synced folder) are easy to
/// lose track of. Implementations block while they work; callers use them off the main thread.
public protocol CredentialStore: Sendable {
    /// For messages: "the keyring", "the credentials file".
    var displayName: String { get }
    func load(_ key: CredentialKey) throws -> SessionCredentials?
    /// Replaces what is kept for `key`; when it returns, the credentials are stored.
    func save(_ credentials: SessionCredentials, for key: CredentialKey) throws
    /// Forgets `key`'s credentials (nothing happens when there are none).
    func delete(_ key: CredentialKey) throws

    /// The API token kept for `key`, if any. Kept apart from a staff sign-in's tokens: a remote
    /// uses one or the other, and replacing one must not garble the other.
    func loadAPIToken(_ key: CredentialKey) throws -> String?
    /// Replaces the API token kept for `key`; when it returns, the token is stored.
    func saveAPIToken(_ token: String, for key: CredentialKey) throws
    /// Forgets `key`'s API token (nothing happens when there is none).
    func deleteAPIToken(_ key: CredentialKey) throws
}

/// A credential store that keeps its credentials only as long as the process runs: for tests and
/// previews, which must not touch the person's keyring.
public final class MemoryCredentialStore: CredentialStore, @unchecked Sendable {
    private let lock = NSLock()
    private var items: [CredentialKey: SessionCredentials] = [:]
    private var apiTokens: [CredentialKey: String] = [:]

    public init() {}

    public var displayName: String { tr("memory") }

    public func load(_ key: CredentialKey) throws -> SessionCredentials? {
        lock.withLock { items[key] }
    }

    public func save(_ credentials: SessionCredentials, for key: CredentialKey) throws {
        lock.withLock { items[key] = credentials }
    }

    public func delete(_ key: CredentialKey) throws {
        lock.withLock { _ = items.removeValue(forKey: key) }
    }

    public func loadAPIToken(_ key: CredentialKey) throws -> String? {
        lock.withLock { apiTokens[key] }
    }

    public func saveAPIToken(_ token: String, for key: CredentialKey) throws {
        lock.withLock { apiTokens[key] = token }
    }

    public func deleteAPIToken(_ key: CredentialKey) throws {
        lock.withLock { _ = apiTokens.removeValue(forKey: key) }
    }
}
