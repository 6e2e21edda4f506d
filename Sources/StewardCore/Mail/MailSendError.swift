import Foundation
import Translation

/// Why a message was not sent, in words that say what to fix. Kept in the mail log as the
/// message's result, and shown in toasts and on the command line.
public enum MailSendError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No mail server is set for the organization.
    case notSetUp
    /// A user name is set but no password is kept, or the password file cannot be read.
    case passwordMissing(String)
    /// The message itself cannot be written (a header with a line break, a bad address).
    case invalidMessage(MailHeaderError)
    /// The server refused the recipient (RCPT TO), with its SMTP code.
    case recipientRefused(address: String, code: Int)
    /// The server refused the sender (MAIL FROM), with its SMTP code.
    case senderRefused(address: String, code: Int)
    /// The server refused the message once it had it (after DATA).
    case messageRefused(code: Int)
    /// The user name or password was refused.
    case authenticationFailed(user: String)
    case connectionRefused(host: String, port: Int)
    case cannotResolve(host: String)
    case couldNotConnect(host: String, port: Int, reason: String)
    /// The connection broke before the server accepted the message.
    case connectionDropped(String)
    case timedOut(host: String)
    /// smtp:// to a server that does not offer STARTTLS.
    case startTLSUnavailable(host: String, port: Int)
    /// The TLS handshake failed (often: smtps:// on the STARTTLS port or the other way round).
    case tlsFailed(host: String, reason: String)
    /// The server's certificate is not trusted.
    case untrustedCertificate(String)
    case other(String)

    public var description: String {
        switch self {
        case .notSetUp:
            tr("mail is not set up for this organization: give its mail server in Preferences or with `{command}`",
               ["command": "stewardctl mail set"])
        case .passwordMissing(let problem):
            tr("no password for the mail server: {problem}", ["problem": problem])
        case .invalidMessage(let error):
            tr("the message cannot be sent as written: {problem}", ["problem": error.description])
        case .recipientRefused(let address, let code):
            tr("the mail server refused the recipient {address} (SMTP {code}): check the address, or ask them for another",
               ["address": address, "code": String(code)])
        case .senderRefused(let address, let code):
            tr("the mail server refused to send from {address} (SMTP {code}): the From address must be one this account may send as",
               ["address": address, "code": String(code)])
        case .messageRefused(let code):
            tr("the mail server refused the message (SMTP {code}); it was not sent", ["code": String(code)])
        case .authenticationFailed(let user):
            tr("the mail server refused the user name or password for {user}: check them (Gmail and Microsoft 365 want an app password, not the account's own)",
               ["user": user])
        case .connectionRefused(let host, let port):
            tr("{host} refused the connection on port {port}: check the server's address and port (587 for smtp://, 465 for smtps://)",
               ["host": host, "port": String(port)])
        case .cannotResolve(let host):
            tr("cannot find the mail server {host}: check its name, and that this computer is online", ["host": host])
        case .couldNotConnect(let host, let port, let reason):
            tr("cannot reach {host} on port {port} ({reason}): check the address, port and network",
               ["host": host, "port": String(port), "reason": reason])
        case .connectionDropped(let detail):
            tr("the mail server closed the connection before it accepted the message ({detail}); it was not sent: try again, and check the port and TLS choice if it keeps happening",
               ["detail": detail])
        case .timedOut(let host):
            tr("{host} did not answer in time: check the address and port, or try again later", ["host": host])
        case .startTLSUnavailable(let host, let port):
            tr("{host} does not offer STARTTLS on port {port}, so nothing was sent unencrypted: use smtps:// (port 465) if the server has TLS from the start",
               ["host": host, "port": String(port)])
        case .tlsFailed(let host, let reason):
            tr("could not set up TLS with {host} ({reason}): smtps:// is for port 465, smtp:// (STARTTLS) for port 587",
               ["host": host, "reason": reason])
        case .untrustedCertificate(let reason):
            tr("the mail server's certificate is not trusted: {reason}", ["reason": reason])
        case .other(let detail):
            detail
        }
    }
}
