import Foundation

/// A file the console tells the store of before sending its bytes (`POST /v1/orgs/{org}/media`).
/// The id is the console's own, so declaring again after a crash finds the same upload.
public struct MediaDeclaration: Sendable, Hashable {
    public var id: UUID
    public var fileName: String
    public var size: Int64
    /// Hex SHA-256 of the bytes sent: the store checks the whole file against it.
    public var sha256: String
    public var durationSeconds: Double?

    public init(id: UUID, fileName: String, size: Int64, sha256: String, durationSeconds: Double? = nil) {
        self.id = id
        self.fileName = fileName
        self.size = size
        self.sha256 = sha256
        self.durationSeconds = durationSeconds
    }

    var json: JSONValue {
        var fields: [String: JSONValue] = [
            "id": .string(id.uuidString.lowercased()), "fileName": .string(fileName),
            "size": .int(size), "sha256": .string(sha256),
        ]
        if let durationSeconds { fields["durationSeconds"] = .double(durationSeconds) }
        return .object(fields)
    }
}

/// A media item as the store shows it (docs/media.md): how far its upload came, once ready its
/// address, and what the file is. The store sends every key; those the upload does not need are
/// optional, so an answer that lacks one still reads.
public struct StoreMediaItem: Sendable, Hashable, Decodable {
    public var id: String
    /// `uploading`, `ready` or `removed`.
    public var state: String
    public var uploadOffset: Int64
    /// A path on the store (`/media/{token}/{name}`), once ready.
    public var url: String?
    public var fileName: String? = nil
    /// `image`, `audio`, `video` or `pdf`, once the store sniffed the content.
    public var kind: String? = nil
    public var contentType: String? = nil
    public var size: Int64? = nil
    public var sha256: String? = nil
    public var durationSeconds: Double? = nil
    public var width: Int? = nil
    public var height: Int? = nil
    /// When it was declared and last changed (ISO 8601, UTC).
    public var createdAt: String? = nil
    public var updatedAt: String? = nil

    public var isReady: Bool { state == "ready" }

    /// A time of the store's answers (`2026-12-06T16:30:00Z`).
    static func date(from text: String) -> Date? {
        ISO8601DateFormatter().date(from: text)
    }
}

/// `GET /v1/orgs/{org}/media`: the organization's items not removed, newest first, all at once.
struct StoreMediaList: Decodable {
    var items: [StoreMediaItem]
}

/// What the store did with one chunk.
public enum MediaChunkAnswer: Sendable, Hashable {
    /// Kept; the upload now holds this many bytes.
    case received(offset: Int64)
    /// The last byte arrived and the file was checked and stored.
    case finished(StoreMediaItem)
    /// The store holds another number of bytes than the chunk started at (a chunk whose answer
    /// was lost, another process's upload): go on from there.
    case offsetMismatch(storeOffset: Int64)
}

/// The media requests of the sync protocol (docs/media.md, "Uploading").
public protocol MediaTransport: Sendable {
    var storeURL: String { get }
    /// Declares the file; declaring the same id, size and checksum again answers the upload as
    /// it stands, so a console that died mid-upload learns where to go on.
    func declareMedia(_ declaration: MediaDeclaration) async throws(SyncTransportError) -> StoreMediaItem
    func sendMediaChunk(id: UUID, offset: Int64, bytes: Data) async throws(SyncTransportError) -> MediaChunkAnswer
    /// Removes an item from the store; nothing when it is gone already.
    func removeMedia(id: UUID) async throws(SyncTransportError)
    /// The organization's items on the store, not removed ones (uploads under way included).
    func listMedia() async throws(SyncTransportError) -> [StoreMediaItem]
}
