import Foundation
import HTTPTypes
import Hummingbird
import StewardMedia

/// Media as the web expects it, with no token (`GET`/`HEAD /media/{token}/{name}`; docs/media.md,
/// "Addresses"): the right Content-Type, a strong ETag (the SHA-256 of the bytes served) with
/// 304 for a matching If-None-Match, a year of caching (the bytes at an address never change:
/// new content is a new item), and single byte ranges (206; 416 past the end) for podcast
/// players that seek. Removed media answers 404. The bytes are streamed from the storage.
struct PublicMediaController {
    let repository: any StoreRepository
    let storage: any MediaStorage

    func addRoutes(to group: RouterGroup<StoreRequestContext>) {
        group.get("{token}/{name}", use: serve)
        group.head("{token}/{name}", use: head)
    }

    /// The same headers as GET, Content-Length included, and no body (podcast players ask the
    /// size this way before they download).
    @Sendable func head(request: Request, context: StoreRequestContext) async throws -> Response {
        try await serve(request: request, context: context).createHeadResponse()
    }

    @Sendable func serve(request: Request, context: StoreRequestContext) async throws -> Response {
        let token = context.parameters.get("token") ?? ""
        let name = context.parameters.get("name") ?? ""
        guard MediaPublicToken.isWellFormed(Substring(token)),
              let found = try await repository.publicMedia(token: token),
              let served = Self.file(named: Substring(name), item: found.item, files: found.files) else {
            throw StoreHTTPError.notFound("no such media (removed, or the address is wrong)")
        }
        let (file, key) = served
        let tag = "\"\(file.sha256)\""
        var headers: HTTPFields = [
            .contentType: file.contentType,
            .eTag: tag,
            .cacheControl: "public, max-age=31536000, immutable",
            .acceptRanges: "bytes",
            HTTPField.Name("X-Content-Type-Options")!: "nosniff",
        ]
        if EntityTag.matches(ifNoneMatch: request.headers[values: .ifNoneMatch], tag: tag) {
            return Response(status: .notModified, headers: headers)
        }
        var range = ByteRange.ignored
        if let header = request.headers[.range], Self.rangeApplies(request.headers[.ifRange], tag: tag) {
            range = ByteRange.parse(header, size: file.size)
        }
        switch range {
        case .unsatisfiable:
            headers[.contentRange] = "bytes */\(file.size)"
            headers[.contentLength] = "0"
            return Response(status: .rangeNotSatisfiable, headers: headers)
        case .satisfiable(let bytes):
            headers[.contentRange] = "bytes \(bytes.lowerBound)-\(bytes.upperBound)/\(file.size)"
            headers[.contentLength] = String(bytes.count)
            let body = try await storage.responseBody(key: key, range: bytes, context: context)
            return Response(status: .partialContent, headers: headers, body: body)
        case .ignored:
            headers[.contentLength] = String(file.size)
            guard file.size > 0 else { return Response(status: .ok, headers: headers) }
            let body = try await storage.responseBody(key: key, range: 0...(file.size - 1), context: context)
            return Response(status: .ok, headers: headers, body: body)
        }
    }

    /// `If-Range` with another tag than the file's: the client's copy is of other bytes, so it
    /// gets the whole file rather than a piece to splice into the wrong one.
    static func rangeApplies(_ ifRange: String?, tag: String) -> Bool {
        guard let ifRange else { return true }
        return ifRange.trimmingCharacters(in: .whitespaces) == tag
    }

    /// The served file a last segment names, and its storage key: an image's rendition (the full
    /// image when it has none, being no larger), else the full file.
    static func file(named name: Substring, item: MediaItem, files: [MediaFile]) -> (MediaFile, String)? {
        let wanted = item.kind == .image ? MediaAddress.variant(named: name) : .full
        guard let file = files.first(where: { $0.variant == wanted }) ?? files.first(where: { $0.variant == .full }) else {
            return nil
        }
        return (file, item.fileKey(file.variant))
    }
}
