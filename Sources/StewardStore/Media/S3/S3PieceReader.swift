import Foundation

/// Reads a stretch of a file from the object store a piece at a time (a ranged GET of a few
/// MB each), across the parts of a partial upload or within one object: for hashing, serving
/// and joining what may be gigabytes without holding it in memory. Used by one task at a time.
final class S3PieceReader: @unchecked Sendable {
    private let client: S3Client
    private let pieceBytes: Int64
    private var segments: [S3UploadParts.Segment]?
    /// Where the segments come from when not given: a key of the storage, looked up at the first read.
    private let key: String?
    private let storage: S3MediaStorage?
    private var position: Int64
    private var end: Int64?

    /// The bytes `from..<to` of the file these segments make up.
    init(client: S3Client, segments: [S3UploadParts.Segment], from: Int64, to: Int64, pieceBytes: Int64) {
        self.client = client
        self.segments = segments
        self.position = from
        self.end = to
        self.pieceBytes = pieceBytes
        self.key = nil
        self.storage = nil
    }

    /// The whole of `key` (a finished object or a partial upload).
    init(client: S3Client, key: String, storage: S3MediaStorage, pieceBytes: Int64) {
        self.client = client
        self.key = key
        self.storage = storage
        self.position = 0
        self.end = nil
        self.pieceBytes = pieceBytes
    }

    /// The next piece; nil at the end.
    func next() async throws -> Data? {
        if segments == nil, let key, let storage {
            guard let found = try await storage.segments(of: key) else {
                throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: key])
            }
            segments = found
            end = found.last?.end ?? 0
        }
        guard let segments, let end, position < end else { return nil }
        guard let segment = segments.first(where: { $0.start <= position && position < $0.end }) else { return nil }
        let last = min(end, segment.end, position + pieceBytes) - 1
        guard let data = try await client.get(key: segment.key, range: (position - segment.start)...(last - segment.start)),
              !data.isEmpty else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: segment.key])
        }
        position += Int64(data.count)
        return data
    }
}
