import Foundation

/// An organization's mail server, as kept in the console's database (the password is not here:
/// it is in the keyring or the private credentials file, or read from `passwordFile`).
public struct MailSettings: Hashable, Sendable {
    public var server: SMTPServer
    /// Empty: the server takes mail without signing in.
    public var user: String
    public var from: String
    /// The file the password is read from at each send; nil: the credential store keeps it.
    public var passwordFile: String?
    /// A PEM file of CA certificates the server's certificate must chain to, in place of the
    /// system's; nil: the system's.
    public var caFile: String?

    public init(server: SMTPServer, user: String, from: String, passwordFile: String? = nil, caFile: String? = nil) {
        self.server = server
        self.user = user
        self.from = from
        self.passwordFile = passwordFile
        self.caFile = caFile
    }
}

/// What staff gave to set up mail, before it is checked (`MailService.save`).
public struct MailSettingsInput: Hashable, Sendable {
    /// Where the password comes from.
    public enum Password: Hashable, Sendable {
        /// The one kept before (none needed without a user name).
        case keep
        /// A new password, kept in the credential store.
        case set(String)
        /// Read from this file at each send (kept nowhere by Steward).
        case file(String)
    }

    public var smtpURL: String
    public var user: String
    public var from: String
    public var password: Password
    public var caFile: String?

    public init(smtpURL: String, user: String, from: String, password: Password = .keep, caFile: String? = nil) {
        self.smtpURL = smtpURL
        self.user = user
        self.from = from
        self.password = password
        self.caFile = caFile
    }
}
