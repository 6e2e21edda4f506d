import Foundation
import Hummingbird
import StewardCore

/// A body that clients poll, answered with its entity tag: 304 with no body when the request's
/// If-None-Match names the current one, else 200 with the body (gzip-compressed when the
/// client accepts it and it is worth it, as `JSONBody` does).
struct ConditionalBody: ResponseGenerator, Sendable {
    var data: Data
    var contentType: String
    /// Who may keep a copy and for how long: `public, max-age=300` for the podcast, which
    /// shared caches may hold; `private, no-cache` for what a token was needed to read.
    var cacheControl: String
    /// When what the body shows last changed: sent as Last-Modified, and a request whose
    /// If-Modified-Since is not before it (and that names no entity tag) is answered 304.
    var lastModified: Date? = nil
    /// The body's tag when already known (`MemberReadCache` keeps it with the body), so a
    /// cached answer is not hashed again on every request.
    var entityTag: String? = nil

    func response(from request: Request, context: some RequestContext) throws -> Response {
        let tag = entityTag ?? EntityTag.of(data)
        let gzip = data.count > JSONBodyResponse.compressionThreshold
            && AcceptEncoding.allowsGzip(request.headers[values: .acceptEncoding])
        var headers: HTTPFields = [.cacheControl: cacheControl, .vary: "Accept-Encoding"]
        headers[.eTag] = gzip ? EntityTag.gzip(tag) : tag
        if let lastModified { headers[.lastModified] = FeedDates.http(lastModified) }
        let tags = request.headers[values: .ifNoneMatch]
        if EntityTag.matches(ifNoneMatch: tags, tag: tag) {
            return Response(status: .notModified, headers: headers)
        }
        if tags.isEmpty, let lastModified, let since = request.headers[.ifModifiedSince].flatMap(FeedDates.parseHTTP),
           lastModified.timeIntervalSince1970.rounded(.down) <= since.timeIntervalSince1970 {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = contentType
        var body = data
        if gzip {
            body = Gzip.compress(data)
            headers[.contentEncoding] = "gzip"
        }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }
}
