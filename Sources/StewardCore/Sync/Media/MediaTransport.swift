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

/// A media item as the store shows it: how far its upload came, and once ready its address.
public struct StoreMediaItem: Sendable, Hashable, Decodable {
    public var id: String
    /// `uploading`, `ready` or `removed`.
    public var state: String
    public var uploadOffset: Int64
    /// A path on the store (`/media/{token}/{name}`), once ready.
    public var url: String?

    public var isReady: Bool { state == "ready" }
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
}
