import Foundation
import StewardCore

/// Picks where this console keeps staff tokens. The window and `stewardctl` make the same
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
                                      message: "must be file or keyring (got \"\(forced)\"); unset it to choose by itself")
            }
            return kind
        }
        return keyringAnswers() ? .keyring : .file
    }
}
