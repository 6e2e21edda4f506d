import Foundation
import StewardCore
import Translation

/// Picks where this console keeps staff tokens and API tokens. The window and `stewardctl` make the same
/// choice from the same environment, so they find the same credentials.
public enum CredentialStores {
    public enum Kind: String, Sendable, CaseIterable {
        case keyring
        case file
    }

    /// The keyring when a Secret Service answers on the session bus, else the credentials file;
    /// `STEWARD_CREDENTIALS=file|keyring` forces one. Throws `ValidationError` naming
    /// `STEWARD_CREDENTIALS` for any other value.
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> any CredentialStore {
        switch try choice(environment: environment, keyringAnswers: {
            SecretServiceCredentialStore.isAvailable(environment: environment)
        }) {
        case .keyring: SecretServiceCredentialStore()
        case .file: FileCredentialStore(folder: FileCredentialStore.defaultFolder(environment: environment))
        }
    }

    /// The choice alone; `keyringAnswers` is asked only when the environment does not decide.
    public static func choice(environment: [String: String], keyringAnswers: () -> Bool) throws -> Kind {
        if let forced = environment["STEWARD_CREDENTIALS"], !forced.isEmpty {
            guard let kind = Kind(rawValue: forced.lowercased()) else {
                throw ValidationError(field: "STEWARD_CREDENTIALS",
                                      message: tr("must be file or keyring (got \"{value}\"); unset it to choose by itself",
                                                  ["value": forced]))
            }
            return kind
        }
        return keyringAnswers() ? .keyring : .file
    }
}

/// The standard credential store, chosen on first use: a command that never needs staff tokens
/// (an API-token remote) never asks the session bus.
public final class LazyCredentialStore: CredentialStore, @unchecked Sendable {
    private let environment: [String: String]
    private let lock = NSLock()
    private var chosen: Result<any CredentialStore, any Error>?

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
    }

    /// The store in use, choosing it now if not done yet.
    public func resolved() throws -> any CredentialStore {
        try lock.withLock {
            if let chosen { return try chosen.get() }
            let result = Result { try CredentialStores.standard(environment: environment) }
            chosen = result
            return try result.get()
        }
    }

    public var displayName: String {
        (try? resolved().displayName) ?? tr("the credential store")
    }

    public func load(_ key: CredentialKey) throws -> SessionCredentials? {
        try resolved().load(key)
    }

    public func save(_ credentials: SessionCredentials, for key: CredentialKey) throws {
        try resolved().save(credentials, for: key)
    }

    public func delete(_ key: CredentialKey) throws {
        try resolved().delete(key)
    }

    public func loadAPIToken(_ key: CredentialKey) throws -> String? {
        try resolved().loadAPIToken(key)
    }

    public func saveAPIToken(_ token: String, for key: CredentialKey) throws {
        try resolved().saveAPIToken(token, for: key)
    }

    public func deleteAPIToken(_ key: CredentialKey) throws {
        try resolved().deleteAPIToken(key)
    }
}
