import Foundation
import Translation

/// What a calendar publisher asks of a CalDAV server: the requests `CalendarPublisher` makes,
/// behind a protocol so its tests can use a server in memory (`CalDAVClient` is the real one).
public protocol CalDAVServer: Sendable {
    /// Makes sure the calendar collection exists, creating it (MKCALENDAR, named
    /// `displayName`) when it does not. Throws `CalDAVError`: this is also where a wrong
    /// password or an unreachable server shows, before anything is sent.
    func prepareCollection(displayName: String) async throws
    /// Writes a calendar object resource. Throws `CalDAVError` when there was no answer.
    func put(_ href: String, body: String, condition: CalDAVCondition) async throws -> CalDAVOutcome
    /// Removes a calendar object resource. Throws `CalDAVError` when there was no answer.
    func delete(_ href: String, condition: CalDAVCondition) async throws -> CalDAVOutcome
}

/// The precondition a write carries (RFC 7232), so a resource someone else changed on the
/// server is not overwritten unawares.
public enum CalDAVCondition: Hashable, Sendable {
    /// Overwrite (or remove) whatever is there: `--force`, or a resource whose ETag the server
    /// never gave.
    case none
    /// `If-Match`: only the version last sent.
    case ifMatch(String)
    /// `If-None-Match: *`: only where nothing is yet.
    case ifNoneMatch
}

/// How the server answered one write.
public enum CalDAVOutcome: Hashable, Sendable {
    /// Done; the resource's new ETag when the server says it (nil after a DELETE, or when it
    /// gives none even when asked).
    case done(etag: String?)
    /// 412 Precondition Failed: the resource changed or went away (or, for a new one, is
    /// already there) since the last publish.
    case preconditionFailed
    /// 404: nothing at that address.
    case notFound
    /// Any other refusal, with the server's status.
    case refused(status: Int)
}

/// Why a publish could not go on: no answer, or an answer that stops the whole run.
public enum CalDAVError: Error, Hashable, Sendable, CustomStringConvertible {
    /// 401: the user name or password is wrong (or missing).
    case unauthorized
    /// 403 on the collection: this user may not use it.
    case forbidden(url: String)
    /// No answer: refused, unreachable, timed out, name not found, connection lost.
    case unreachable(url: String, reason: String)
    /// The server's TLS certificate was refused.
    case untrustedCertificate(url: String, reason: String)
    /// Not sent: the password would cross the network unencrypted.
    case insecure(url: String)
    /// The collection is missing and could not be made, or answered something unexpected.
    case collection(url: String, status: Int)

    public var description: String {
        switch self {
        case .unauthorized:
            tr("the calendar server refused the user name or password")
        case .forbidden(let url):
            tr("the calendar server does not let this user publish to {url}", ["url": url])
        case .unreachable(let url, let reason):
            tr("cannot reach the calendar server at {url}: {reason}", ["url": url, "reason": reason])
        case .untrustedCertificate(let url, let reason):
            tr("the certificate of the calendar server at {url} is not trusted: {reason}", ["url": url, "reason": reason])
        case .insecure(let url):
            InsecureConnectionError(url: url).description
        case .collection(let url, let status):
            tr("{url} is not a calendar this user can publish to (the server answered {status})",
               ["url": url, "status": String(status)])
        }
    }
}
