import Foundation
import HTTPTypes
import Hummingbird
import StewardCore
import StewardMedia

/// Staff's resumable uploads (docs/media.md, "Uploading"), with the staff sessions' and API
/// tokens' authentication; roles that may change records may upload:
/// - `POST /v1/orgs/{org}/media` declares the file (id, name, size, SHA-256), refused up front
///   past the organization's quota; the same id and hash again answers the item as it is;
/// - `PATCH /v1/orgs/{org}/media/{id}` with `Upload-Offset` appends a chunk; at another offset
///   than the store's, 409 with the store's `Upload-Offset`;
/// - `HEAD /v1/orgs/{org}/media/{id}` answers `Upload-Offset`, where a client that died resumes.
/// The upload's offset is in the database, its bytes in the media storage: another store
/// process, or this one after a restart, goes on where the last chunk ended.
struct MediaUploadController {
    let repository: any StoreRepository
    let media: MediaConfiguration
    let bodyReader = RequestBodyReader(limit: 16 * 1024)

    static let uploadOffset = HTTPField.Name("Upload-Offset")!
    static let uploadLength = HTTPField.Name("Upload-Length")!

    func addRoutes(to group: RouterGroup<StoreRequestContext>) {
        group.post("media", use: declare)
        group.patch("media/{id}", use: append)
        group.head("media/{id}", use: offset)
    }

    @Sendable func declare(request: Request, context: StoreRequestContext) async throws -> Response {
        let grant = try context.requireGrant(push: true)
        let body = try JSONInput.decode(MediaDeclareRequest.self, from: try await bodyReader.read(request))
            .validated(limits: media.limits)
        let now = Date()
        let item = MediaItem(id: body.id, org: grant.org, size: body.size, sha256: body.sha256,
                             durationSeconds: body.durationSeconds, fileName: body.fileName,
                             publicToken: MediaPublicToken.generate(), createdAt: now, updatedAt: now, createdBy: grant.author)
        switch try await repository.declareMedia(item, quota: media.limits.organization) {
        case .created(let created):
            return try await view(created, status: .created, request: request, context: context)
        case .existing(let existing):
            guard existing.state != .removed else {
                throw StoreHTTPError(.conflict, MediaHTTPError.idInUse, "id: this media was removed; declare the file with a new id")
            }
            let files = try await repository.mediaFiles(org: grant.org, id: existing.id)
            return try MediaResponses.item(existing, files: files, status: .ok, request: request, context: context)
        case .conflict:
            throw StoreHTTPError(.conflict, MediaHTTPError.idInUse,
                                 "id: another file (size or sha256 differs) was declared with this id; use a new id for a new file")
        case .overQuota(let used):
            throw MediaHTTPError.refusal(.overQuota(size: body.size, used: used, limit: media.limits.organization))
        }
    }

    @Sendable func offset(request: Request, context: StoreRequestContext) async throws -> Response {
        let grant = try context.requireGrant()
        let item = try await existingItem(org: grant.org, context: context)
        return Response(status: .ok, headers: offsetHeaders(item))
    }

    @Sendable func append(request: Request, context: StoreRequestContext) async throws -> Response {
        let grant = try context.requireGrant(push: true)
        var item = try await existingItem(org: grant.org, context: context)
        guard let offset = request.headers[Self.uploadOffset].flatMap(Int64.init), offset >= 0 else {
            throw StoreHTTPError.badRequest("Upload-Offset: required, the byte this chunk starts at (HEAD the item to learn it)")
        }
        if item.state == .ready {
            // A client repeating its last chunk after losing the answer: nothing left to do.
            guard offset == item.size else { throw offsetMismatch(item) }
            return try await view(item, status: .ok, request: request, context: context)
        }
        guard item.state == .uploading else { throw removed() }
        guard offset == item.received else { throw offsetMismatch(item) }
        if let length = request.headers[.contentLength].flatMap(Int64.init), length > media.maxChunkBytes {
            throw StoreHTTPError(.contentTooLarge, ErrorResponse.Code.tooLarge,
                                 "a chunk may carry at most \(media.maxChunkBytes) bytes; send the file in several")
        }
        let held: Int64
        do {
            held = try await media.storage.writeUpload(key: item.uploadKey, at: offset, body: request.body,
                                                       limit: min(item.size, offset + media.maxChunkBytes))
        } catch MediaStorageFailure.pastLimit {
            throw StoreHTTPError(.contentTooLarge, ErrorResponse.Code.tooLarge,
                                 "the chunk goes past the declared size (\(item.size) bytes) or past \(media.maxChunkBytes) bytes")
        } catch MediaStorageFailure.offsetPastEnd {
            // The storage lost bytes the database counts (a folder restored from an older copy):
            // start over rather than serve a file with a hole.
            try await restart(item)
            throw offsetMismatch(try await existingItem(org: grant.org, context: context))
        }
        if item.kind == nil, held >= min(Int64(ContentSniffer.headLength), item.size) {
            try await sniff(&item, held: held)
        }
        guard try await repository.advanceMediaUpload(org: item.org, id: item.id, from: offset, to: held, now: Date()) else {
            // Another request moved the offset first.
            throw offsetMismatch(try await existingItem(org: grant.org, context: context))
        }
        item.received = held
        guard held == item.size else { return Response(status: .noContent, headers: offsetHeaders(item)) }
        return try await finish(item, request: request, context: context)
    }

    /// The type from the first bytes, and the limit of that kind: a program renamed .jpg, or a
    /// video past its limit, is refused at the first chunk, not after gigabytes.
    private func sniff(_ item: inout MediaItem, held: Int64) async throws {
        let head = try await media.storage.read(key: item.uploadKey, offset: 0, length: ContentSniffer.headLength)
        switch MediaCheck.admit(head: head, size: item.size, limits: media.limits) {
        case .failure(let refusal):
            try await discard(item)
            throw MediaHTTPError.refusal(refusal)
        case .success(let type):
            try await repository.setMediaType(org: item.org, id: item.id, kind: type.kind, contentType: type.contentType, now: Date())
            item.kind = type.kind
            item.contentType = type.contentType
        }
    }

    private func finish(_ item: MediaItem, request: Request, context: StoreRequestContext) async throws -> Response {
        let outcome: MediaIngest.Outcome
        do {
            outcome = try await MediaIngest(storage: media.storage, limits: media.limits).finish(item)
        } catch MediaIngest.Failure.checksumMismatch(let received) {
            try await restart(item)
            throw StoreHTTPError(.unprocessableContent, MediaHTTPError.checksumMismatch,
                                 "the bytes received have SHA-256 \(received), not the declared \(item.sha256); "
                                     + "the upload starts over from byte 0")
        } catch MediaIngest.Failure.refused(let refusal) {
            try await discard(item)
            throw MediaHTTPError.refusal(refusal)
        }
        _ = try await repository.completeMedia(org: item.org, id: item.id, contentType: outcome.contentType,
                                               width: outcome.width, height: outcome.height, files: outcome.files, now: Date())
        let ready = try await existingItem(org: item.org, id: item.id)
        return try MediaResponses.item(ready, files: try await repository.mediaFiles(org: item.org, id: item.id),
                                       status: .ok, request: request, context: context)
    }

    /// A refused upload leaves nothing behind: its bytes and its row go, so the console may
    /// declare a corrected file with the same id.
    private func discard(_ item: MediaItem) async throws {
        try await media.storage.removeAll(prefix: "\(item.org)/\(item.id)")
        try await repository.discardMediaUpload(org: item.org, id: item.id)
    }

    private func restart(_ item: MediaItem) async throws {
        try await media.storage.remove(key: item.uploadKey)
        let current = try await existingItem(org: item.org, id: item.id)
        _ = try await repository.advanceMediaUpload(org: item.org, id: item.id, from: current.received, to: 0, now: Date())
    }

    private func view(_ item: MediaItem, status: HTTPResponse.Status, request: Request, context: StoreRequestContext) async throws -> Response {
        let files = item.state == .ready ? try await repository.mediaFiles(org: item.org, id: item.id) : []
        var response = try MediaResponses.item(item, files: files, status: status, request: request, context: context)
        for field in offsetHeaders(item) { response.headers.append(field) }
        return response
    }

    private func offsetHeaders(_ item: MediaItem) -> HTTPFields {
        var headers: HTTPFields = [Self.uploadOffset: String(item.state == .ready ? item.size : item.received),
                                   Self.uploadLength: String(item.size)]
        headers[.cacheControl] = "no-store"
        return headers
    }

    private func offsetMismatch(_ item: MediaItem) -> StoreHTTPError {
        let held = item.state == .ready ? item.size : item.received
        var error = StoreHTTPError(.conflict, MediaHTTPError.offsetMismatch,
                                   "the store holds \(held) bytes of this file; send the next chunk from Upload-Offset \(held)")
        error.headers = offsetHeaders(item)
        return error
    }

    private func removed() -> StoreHTTPError {
        StoreHTTPError(.gone, MediaHTTPError.idInUse, "this media was removed; declare the file again with a new id")
    }

    private func existingItem(org: String, context: StoreRequestContext) async throws -> MediaItem {
        try await existingItem(org: org, id: context.parameters.get("id") ?? "")
    }

    private func existingItem(org: String, id: String) async throws -> MediaItem {
        guard let item = try await repository.mediaItem(org: org, id: id.lowercased()) else {
            throw StoreHTTPError.notFound("no media with this id in this organization; declare it first (POST .../media)")
        }
        return item
    }
}
