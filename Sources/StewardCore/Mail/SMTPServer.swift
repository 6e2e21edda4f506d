import Foundation
import Translation

/// Where mail goes: an `smtp://` or `smtps://` address with a host and an optional port.
/// smtp:// is submission with STARTTLS (port 587 unless given), smtps:// TLS from the first byte
/// (port 465). STARTTLS is required for any host but this computer: a password or a member's
/// message never crosses the network unencrypted; a relay on this computer is used with TLS
/// when it offers it.
public struct SMTPServer: Hashable, Sendable {
    public enum Security: String, Hashable, Sendable {
        /// smtp:// to another computer: STARTTLS, or no mail at all.
        case startTLSRequired
        /// smtp:// to this computer: STARTTLS when the relay offers it.
        case startTLSWhenOffered
        /// smtps://
        case implicitTLS
    }

    public var host: String
    public var port: Int
    public var security: Security

    /// The address as kept and shown: scheme, host and port, nothing else.
    public var url: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return (security == .implicitTLS ? "smtps" : "smtp") + "://\(shownHost):\(port)"
    }

    /// Reads an address typed by staff. Throws `SMTPServerError` saying what to change.
    public init(url text: String) throws(SMTPServerError) {
        let text = text.trimmingCharacters(in: .whitespaces)
        if text.isEmpty { throw .empty }
        if LineBreaks.present(in: text) { throw .notSMTP(text) }
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased() else {
            throw .notSMTP(text)
        }
        guard scheme == "smtp" || scheme == "smtps" else { throw .notSMTP(text) }
        guard let host = components.host, !host.isEmpty else { throw .noHost(text) }
        if components.user != nil || components.password != nil { throw .credentialsInURL }
        let path = components.path
        guard path.isEmpty || path == "/", components.query == nil, components.fragment == nil else {
            throw .extraParts(text)
        }
        if let port = components.port, !(1...65535).contains(port) { throw .badPort(port) }
        var bareHost = host
        if bareHost.hasPrefix("["), bareHost.hasSuffix("]") { bareHost = String(bareHost.dropFirst().dropLast()) }
        self.host = bareHost.lowercased()
        if scheme == "smtps" {
            security = .implicitTLS
            port = components.port ?? 465
        } else {
            security = Loopback.isLoopback(host: bareHost) ? .startTLSWhenOffered : .startTLSRequired
            port = components.port ?? 587
        }
    }
}

public enum SMTPServerError: Error, Hashable, Sendable, CustomStringConvertible {
    case empty
    case notSMTP(String)
    case noHost(String)
    case credentialsInURL
    case extraParts(String)
    case badPort(Int)

    public var description: String {
        switch self {
        case .empty:
            tr("is empty: give the mail server's address, like smtp://smtp.example.org:587 (STARTTLS) or smtps://smtp.example.org:465")
        case .notSMTP(let text):
            tr("must start with smtp:// (STARTTLS, usually port 587) or smtps:// (TLS, usually port 465), like smtp://smtp.example.org:587 (got \"{value}\")",
               ["value": text])
        case .noHost(let text):
            tr("names no server: write it like smtp://smtp.example.org:587 (got \"{value}\")", ["value": text])
        case .credentialsInURL:
            tr("must not hold a user name or password: give them apart (the password is kept in the keyring)")
        case .extraParts(let text):
            tr("must be only the server and port, like smtp://smtp.example.org:587 (got \"{value}\")", ["value": text])
        case .badPort(let port):
            tr("has no such port {port}: use 587 for smtp:// (STARTTLS) or 465 for smtps://", ["port": String(port)])
        }
    }
}
