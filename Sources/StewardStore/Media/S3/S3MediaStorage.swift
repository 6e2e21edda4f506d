import Foundation
import Hummingbird
import NIOCore

/// Media in an S3-compatible object store (`steward-store serve --media-s3 URL --media-s3-bucket
/// NAME --media-s3-key-file FILE`; docs/media.md, "On an S3-compatible object store"). Keys are
/// the store's own (`{org}/{media id}/{name}`), objects of the same names in the bucket.
///
/// S3 cannot append, so a partial upload is kept as one object per chunk,
/// `{key}.parts/{offset, 16 digits}`: what an upload holds is read from the bucket's listing,
/// never from this process's memory, so every store process on the database sees the same.
/// Finishing makes one object of the parts with a multipart upload (parts copied inside the
/// object store where they are large enough), which appears whole or not at all.
public struct S3MediaStorage: MediaStorage {
    public let client: S3Client

    /// Bytes read from the object store per request when streaming or hashing a file.
    static let pieceBytes: Int64 = 4 * 1024 * 1024
    /// S3's smallest multipart part (except the last).
    static let minimumPartBytes: Int64 = 5 * 1024 * 1024

    public init(client: S3Client) {
        self.client = client
    }

    // MARK: Partial uploads

    public func writeUpload<Body: AsyncSequence & Sendable>(key: String, at offset: Int64, body: Body, limit: Int64) async throws -> Int64
        where Body.Element == ByteBuffer {
        let listed = try await parts(of: key)
        let held = S3UploadParts.contiguous(listed).last?.end ?? 0
        guard offset <= held else { throw MediaStorageFailure.offsetPastEnd(held: held) }
        let spool = try SpoolFile()
        // A chunk starting inside a part (never sent by the store's own protocol, whose offsets
        // fall where parts end): the part's head is kept by rewriting it with the new bytes.
        var start = offset
        if let inside = listed.first(where: { $0.start < offset && offset < $0.end }) {
            start = inside.start
            let reader = S3PieceReader(client: client, segments: [inside], from: inside.start, to: offset, pieceBytes: Self.pieceBytes)
            while let piece = try await reader.next() { try await spool.append(piece) }
        }
        for try await buffer in body {
            guard start + spool.size + Int64(buffer.readableBytes) <= limit else { throw MediaStorageFailure.pastLimit(limit: limit) }
            try await spool.append(Data(buffer.readableBytesView))
        }
        if spool.size > 0 {
            try await client.put(key: S3UploadParts.key(of: key, at: start), file: spool.url, sha256: spool.sha256)
        }
        // What a client that died mid-chunk had sent past here is replaced by what came now.
        for part in listed where part.start > start || (part.start == start && spool.size == 0) {
            try await client.delete(key: part.key)
        }
        return start + spool.size
    }

    /// Every part of the partial upload `key`, by offset.
    private func parts(of key: String) async throws -> [S3UploadParts.Segment] {
        S3UploadParts.segments(listed: try await client.list(prefix: S3UploadParts.prefix(of: key)), upload: key)
    }

    /// A finished object, or the contiguous parts of a partial upload; nil when neither exists.
    func segments(of key: String) async throws -> [S3UploadParts.Segment]? {
        if let size = try await client.size(key: key) {
            return [S3UploadParts.Segment(key: key, start: 0, size: size)]
        }
        let contiguous = S3UploadParts.contiguous(try await parts(of: key))
        return contiguous.isEmpty ? nil : contiguous
    }

    private func existingSegments(of key: String) async throws -> [S3UploadParts.Segment] {
        guard let segments = try await segments(of: key) else { throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: key]) }
        return segments
    }

    // MARK: Reading

    public func read(key: String, offset: Int64, length: Int) async throws -> Data {
        let segments = try await existingSegments(of: key)
        let end = min(segments.last?.end ?? 0, offset + Int64(length))
        var data = Data()
        guard offset < end else { return data }
        let reader = S3PieceReader(client: client, segments: segments, from: offset, to: end, pieceBytes: Self.pieceBytes)
        while let piece = try await reader.next() { data.append(piece) }
        return data
    }

    public func chunks(key: String) -> AsyncThrowingStream<Data, any Error> {
        let reader = S3PieceReader(client: client, key: key, storage: self, pieceBytes: Self.pieceBytes)
        // One ranged read per request of the consumer: a recording is never all in memory.
        return AsyncThrowingStream(unfolding: { try await reader.next() })
    }

    public func size(key: String) async throws -> Int64? {
        try await segments(of: key)?.last?.end
    }

    public func responseBody(key: String, range: ClosedRange<Int64>, context: some RequestContext) async throws -> ResponseBody {
        let reader = S3PieceReader(client: client, segments: [S3UploadParts.Segment(key: key, start: 0, size: range.upperBound + 1)],
                                   from: range.lowerBound, to: range.upperBound + 1, pieceBytes: Self.pieceBytes)
        // Asked before the answer starts (a HEAD of the object, not a read: a HEAD of the
        // media gets no body): an object store that refuses, or an object that is gone, is then
        // a clear error rather than a response cut short.
        guard try await client.size(key: key) != nil else {
            throw StoreHTTPError.notFound("no such media (its file is missing from the object store)")
        }
        return ResponseBody(contentLength: Int(range.count)) { writer in
            while let piece = try await reader.next() {
                try await writer.write(ByteBuffer(bytes: piece))
            }
            try await writer.finish(nil)
        }
    }

    // MARK: Finished files

    public func promote(upload: String, to key: String) async throws {
        let listed = try await parts(of: upload)
        let parts = S3UploadParts.contiguous(listed)
        guard !parts.isEmpty else { throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: upload]) }
        let uploadId = try await client.createMultipartUpload(key: key)
        do {
            var tags: [String] = []
            for (index, group) in S3UploadParts.groups(parts, minimumBytes: Self.minimumPartBytes).enumerated() {
                tags.append(try await sendPart(group, number: index + 1, key: key, uploadId: uploadId))
            }
            try await client.completeMultipartUpload(key: key, uploadId: uploadId, parts: tags)
        } catch {
            // Parts held by an unfinished multipart upload are kept (and billed) until aborted.
            try? await client.abortMultipartUpload(key: key, uploadId: uploadId)
            throw error
        }
        for part in listed { try await client.delete(key: part.key) }
    }

    /// One part of the finished object: a chunk large enough is copied inside the object store;
    /// small chunks are joined here first (S3's parts are 5 MB at least, but the last).
    private func sendPart(_ group: [S3UploadParts.Segment], number: Int, key: String, uploadId: String) async throws -> String {
        if group.count == 1, let only = group.first, only.size > 0 {
            return try await client.uploadPartCopy(key: key, uploadId: uploadId, number: number, source: only.key)
        }
        let spool = try SpoolFile()
        let reader = S3PieceReader(client: client, segments: group, from: group.first?.start ?? 0, to: group.last?.end ?? 0,
                                   pieceBytes: Self.pieceBytes)
        while let piece = try await reader.next() { try await spool.append(piece) }
        return try await client.uploadPart(key: key, uploadId: uploadId, number: number, file: spool.url, sha256: spool.sha256)
    }

    public func put(key: String, data: Data) async throws {
        try await client.put(key: key, data: data)
    }

    public func remove(key: String) async throws {
        try await client.delete(key: key)
        for part in try await parts(of: key) { try await client.delete(key: part.key) }
    }

    public func removeAll(prefix: String) async throws {
        for object in try await client.list(prefix: prefix + "/") { try await client.delete(key: object.key) }
    }
}
