import Foundation

/// A CalDAV server (RFC 4791) over `HTTPClient`: PROPFIND and MKCALENDAR for the collection,
/// PUT and DELETE with If-Match / If-None-Match for the events' resources. The password goes as
/// `Authorization: Basic`, which `HTTPClient` counts as a credential: never over plain http://
/// to another computer unless `security` allows it.
public struct CalDAVClient: CalDAVServer {
    public let collectionURL: String
    private let authorization: String?
    private let security: TransportSecurity
    private let http: HTTPClient

    /// `collectionURL` as `CalDAVAddress.collection` writes it. Without a user name nothing is
    /// sent to sign in (a server open to all).
    public init(collectionURL: String, user: String?, password: String, security: TransportSecurity = TransportSecurity(),
                http: HTTPClient = CalDAVClient.uncompressedHTTP) {
        self.collectionURL = collectionURL
        self.authorization = user.map { "Basic " + Data("\($0):\(password)".utf8).base64EncodedString() }
        self.security = security
        self.http = http
    }

    /// Bodies sent as they are: a CalDAV server need not read gzip request bodies (the store's
    /// client compresses larger ones).
    public static var uncompressedHTTP: HTTPClient { HTTPClient(options: HTTPClientOptions(compressBodiesOver: .max)) }

    public func prepareCollection(displayName: String) async throws {
        let found = try await send("PROPFIND", collectionURL, headers: ["Depth": "0", "Content-Type": "application/xml; charset=utf-8"],
                                   body: #"<?xml version="1.0" encoding="utf-8"?><D:propfind xmlns:D="DAV:"><D:prop><D:resourcetype/></D:prop></D:propfind>"#)
        switch found.status {
        case 207, 200: return
        case 404: break
        case 403: throw CalDAVError.forbidden(url: collectionURL)
        default: throw CalDAVError.collection(url: collectionURL, status: found.status)
        }
        let made = try await send("MKCALENDAR", collectionURL, headers: ["Content-Type": "application/xml; charset=utf-8"],
                                  body: Self.mkcalendarBody(displayName: displayName))
        switch made.status {
        case 201, 200: return
        case 403: throw CalDAVError.forbidden(url: collectionURL)
        default: throw CalDAVError.collection(url: collectionURL, status: made.status)
        }
    }

    /// When the server answers a PUT without an ETag (RFC 4791 lets it, when it changed what it
    /// stored), the ETag is asked for with HEAD; when that gives none either, none is kept and the
    /// next change is sent without If-Match.
    public func put(_ href: String, body: String, condition: CalDAVCondition) async throws -> CalDAVOutcome {
        var headers = ["Content-Type": "text/calendar; charset=utf-8"]
        Self.add(condition, to: &headers)
        let answer = try await send("PUT", href, headers: headers, body: body)
        switch answer.status {
        case 200..<300:
            if let etag = answer.header("ETag") { return .done(etag: etag) }
            // The PUT is done whatever HEAD says: without an answer, no ETag is kept.
            guard let head = try? await send("HEAD", href, headers: [:], body: nil) else { return .done(etag: nil) }
            return .done(etag: (200..<300).contains(head.status) ? head.header("ETag") : nil)
        default:
            return Self.refusal(answer.status)
        }
    }

    public func delete(_ href: String, condition: CalDAVCondition) async throws -> CalDAVOutcome {
        var headers: [String: String] = [:]
        Self.add(condition, to: &headers)
        let answer = try await send("DELETE", href, headers: headers, body: nil)
        return (200..<300).contains(answer.status) ? .done(etag: nil) : Self.refusal(answer.status)
    }

    // MARK: Requests

    private func send(_ method: String, _ url: String, headers: [String: String], body: String?) async throws -> HTTPClientResponse {
        var headers = headers
        if let authorization { headers["Authorization"] = authorization }
        let request = HTTPClientRequest(method: method, url: url, headers: headers, body: body.map { Data($0.utf8) },
                                        security: security)
        let answer: HTTPClientResponse
        do {
            answer = try await http.send(request)
        } catch {
            switch error {
            case .credentialsOverPlainHTTP: throw CalDAVError.insecure(url: collectionURL)
            case .untrustedCertificate(let reason): throw CalDAVError.untrustedCertificate(url: collectionURL, reason: reason)
            default: throw CalDAVError.unreachable(url: collectionURL, reason: error.description)
            }
        }
        if answer.status == 401 { throw CalDAVError.unauthorized }
        return answer
    }

    private static func add(_ condition: CalDAVCondition, to headers: inout [String: String]) {
        switch condition {
        case .none: break
        case .ifMatch(let etag): headers["If-Match"] = etag
        case .ifNoneMatch: headers["If-None-Match"] = "*"
        }
    }

    private static func refusal(_ status: Int) -> CalDAVOutcome {
        switch status {
        case 412: .preconditionFailed
        case 404: .notFound
        default: .refused(status: status)
        }
    }

    /// MKCALENDAR's body: the calendar's name, and that it holds events.
    static func mkcalendarBody(displayName: String) -> String {
        let name = displayName.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
        return """
            <?xml version="1.0" encoding="utf-8"?>
            <C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:set><D:prop>\
            <D:displayname>\(name)</D:displayname>\
            <C:supported-calendar-component-set><C:comp name="VEVENT"/></C:supported-calendar-component-set>\
            </D:prop></D:set></C:mkcalendar>
            """
    }
}
