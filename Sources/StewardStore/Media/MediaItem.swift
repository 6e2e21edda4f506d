import Foundation
import StewardMedia

/// Where a media item is in its life: declared and receiving bytes, served, or removed (no
/// longer served; its bytes deleted, its row kept so the id is not reused for other content).
public enum MediaState: String, Sendable, Codable {
    case uploading
    case ready
    case removed
}

/// A media item of an organization, as the `media` table keeps it.
public struct MediaItem: Sendable, Hashable {
    public var id: String
    public var org: String
    /// Known once the first bytes are sniffed; nil while none arrived.
    public var kind: MediaKind?
    /// Sniffed type while uploading; once ready, the type of the file served at the main address
    /// (a re-encoded image's JPEG or PNG).
    public var contentType: String?
    /// Declared size of the uploaded file, in bytes: what the organization's quota counts.
    public var size: Int64
    /// SHA-256 (hex) of the uploaded file, as declared and then checked.
    public var sha256: String
    public var width: Int?
    public var height: Int?
    /// Sent by the console for audio and video (read with GStreamer there).
    public var durationSeconds: Double?
    /// The name staff gave the file: shown, and the last part of its address; never trusted for its type.
    public var fileName: String
    /// The unguessable part of the public address (`/media/{token}/...`).
    public var publicToken: String
    public var state: MediaState
    /// How many bytes of the upload the store holds: where a resumed upload goes on.
    public var received: Int64
    public var createdAt: Date
    public var updatedAt: Date
    public var createdBy: String

    public init(id: String, org: String, kind: MediaKind? = nil, contentType: String? = nil, size: Int64, sha256: String,
                width: Int? = nil, height: Int? = nil, durationSeconds: Double? = nil, fileName: String,
                publicToken: String, state: MediaState = .uploading, received: Int64 = 0, createdAt: Date,
                updatedAt: Date, createdBy: String) {
        self.id = id
        self.org = org
        self.kind = kind
        self.contentType = contentType
        self.size = size
        self.sha256 = sha256
        self.width = width
        self.height = height
        self.durationSeconds = durationSeconds
        self.fileName = fileName
        self.publicToken = publicToken
        self.state = state
        self.received = received
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.createdBy = createdBy
    }

    /// Where the upload's bytes wait until the last one arrives.
    var uploadKey: String { "\(org)/\(id)/upload" }

    /// Where a served variant's bytes are.
    func fileKey(_ variant: MediaVariant) -> String { "\(org)/\(id)/\(variant.rawValue)" }
}

/// The files served for one item: the full file (an image's cleaned copy, or the upload as sent
/// for other kinds) and an image's renditions.
public enum MediaVariant: String, Sendable, CaseIterable {
    case full
    case thumb
    case w1280
}

/// One served file: what the public address answers with.
public struct MediaFile: Sendable, Hashable {
    public var variant: MediaVariant
    public var contentType: String
    public var size: Int64
    /// SHA-256 (hex) of these bytes: the ETag.
    public var sha256: String
    public var width: Int?
    public var height: Int?

    public init(variant: MediaVariant, contentType: String, size: Int64, sha256: String, width: Int? = nil, height: Int? = nil) {
        self.variant = variant
        self.contentType = contentType
        self.size = size
        self.sha256 = sha256
        self.width = width
        self.height = height
    }
}

/// What declaring an upload did.
public enum MediaDeclaration: Sendable, Hashable {
    /// A new item, waiting for its bytes.
    case created(MediaItem)
    /// The id exists with the same SHA-256: the same file declared again (a console retrying).
    case existing(MediaItem)
    /// The id exists with other content.
    case conflict(MediaItem)
    /// The declared size would pass the organization's total; `used` is what it holds.
    case overQuota(used: Int64)
}
