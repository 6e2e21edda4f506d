import CSecret
import Foundation
import StewardCore
import Translation

/// Staff tokens and API tokens in the desktop keyring, through libsecret: one item per console
/// installation and organization for each (two schemas), in the default collection (the login
/// keyring on GNOME).
public struct SecretServiceCredentialStore: CredentialStore {
    public init() {}

    public var displayName: String { tr("the keyring") }

    public func load(_ key: CredentialKey) throws -> SessionCredentials? {
        var error: UnsafeMutablePointer<GError>?
        let secret = steward_secret_lookup(key.installation, key.orgSlug, &error)
        if let error { throw KeyringError(taking: error) }
        guard let secret else { return nil }
        defer { secret_password_free(secret) }
        return try SessionCredentials.decode(Data(String(cString: secret).utf8))
    }

    public func save(_ credentials: SessionCredentials, for key: CredentialKey) throws {
        let text = String(decoding: try credentials.encoded(), as: UTF8.self)
        // The item's name in the keyring, as Passwords and Keys lists it.
        let label = tr("Steward sign-in for {organization} ({email})", ["organization": key.orgSlug, "email": credentials.email])
        var error: UnsafeMutablePointer<GError>?
        if steward_secret_store(key.installation, key.orgSlug, label, text, &error) == 0 {
            throw error.map(KeyringError.init(taking:)) ?? KeyringError(message: tr("the keyring did not store the sign-in"))
        }
    }

    public func delete(_ key: CredentialKey) throws {
        var error: UnsafeMutablePointer<GError>?
        _ = steward_secret_clear(key.installation, key.orgSlug, &error)
        if let error { throw KeyringError(taking: error) }
    }

    public func loadAPIToken(_ key: CredentialKey) throws -> String? {
        var error: UnsafeMutablePointer<GError>?
        let secret = steward_secret_lookup_in(steward_api_token_schema(), key.installation, key.orgSlug, &error)
        if let error { throw KeyringError(taking: error) }
        guard let secret else { return nil }
        defer { secret_password_free(secret) }
        return String(cString: secret)
    }

    public func saveAPIToken(_ token: String, for key: CredentialKey) throws {
        let label = tr("Steward API token for {organization}", ["organization": key.orgSlug])
        var error: UnsafeMutablePointer<GError>?
        if steward_secret_store_in(steward_api_token_schema(), key.installation, key.orgSlug, label, token, &error) == 0 {
            throw error.map(KeyringError.init(taking:)) ?? KeyringError(message: tr("the keyring did not store the API token"))
        }
    }

    public func deleteAPIToken(_ key: CredentialKey) throws {
        var error: UnsafeMutablePointer<GError>?
        _ = steward_secret_clear_in(steward_api_token_schema(), key.installation, key.orgSlug, &error)
        if let error { throw KeyringError(taking: error) }
    }

    /// Whether a Secret Service answers on the session bus. Without a session bus address it is
    /// not asked at all: GLib would otherwise try to start a bus of its own.
    public static func isAvailable(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        guard let bus = environment["DBUS_SESSION_BUS_ADDRESS"], !bus.isEmpty else { return false }
        var error: UnsafeMutablePointer<GError>?
        let answers = steward_secret_service_answers(&error) != 0
        if let error { g_error_free(error) }
        return answers
    }
}

/// A keyring failure, with GLib's message.
public struct KeyringError: Error, CustomStringConvertible {
    public var message: String

    init(message: String) {
        self.message = message
    }

    /// Reads and frees a GError.
    init(taking error: UnsafeMutablePointer<GError>) {
        message = error.pointee.message.map { String(cString: $0) } ?? tr("unknown keyring error")
        g_error_free(error)
    }

    public var description: String { message }
}
