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

    func response(from request: Request, context: some RequestContext) throws -> Response {
        let tag = EntityTag.of(data)
        let gzip = data.count > JSONBodyResponse.compressionThreshold
            && AcceptEncoding.allowsGzip(request.headers[values: .acceptEncoding])
        var headers: HTTPFields = [.cacheControl: cacheControl, .vary: "Accept-Encoding"]
        headers[.eTag] = gzip ? EntityTag.gzip(tag) : tag
        if EntityTag.matches(ifNoneMatch: request.headers[values: .ifNoneMatch], tag: tag) {
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
