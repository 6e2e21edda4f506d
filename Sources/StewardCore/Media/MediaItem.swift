import Foundation
import GRDB
import StewardMedia

/// One file of an organization's media library on this console: checked and (for images)
/// cleaned when it was added, kept in the media folder until the sync uploads it.
public struct MediaItem: Hashable, Sendable, Identifiable {
    /// Made here; the store accepts the console's id, so records may name the item before it
    /// is uploaded.
    public var id: UUID
    public var orgId: UUID
    /// The name staff gave the file (without its folder).
    public var fileName: String
    public var kind: MediaKind
    /// The type sniffed from the content (an image's: the type it was re-encoded as).
    public var contentType: String
    /// Bytes of the file kept (after cleaning).
    public var size: Int64
    /// SHA-256 of the file kept, lower-case hex: what the store checks the upload against.
    public var sha256: String
    /// Running time of audio and video, when it could be read.
    public var durationSeconds: Double?
    /// Pixels of an image (after cleaning).
    public var width: Int?
    public var height: Int?
    public var addedAt: Date
    /// The store's public address, once uploaded; nil until then.
    public var url: String?
    public var uploadedAt: Date?
    /// When staff removed it; the row stays until the store is told (see `MediaUploadQueue`).
    public var removedAt: Date?
    /// When the store was told of the removal.
    public var removalSentAt: Date?
    /// Why the store refused the upload, in its words; nil while it has not (or took it).
    public var uploadRefusal: String?
    /// Whether this console keeps the file: true for a file added here (until the store is told
    /// of its removal), false for one another console added, learnt from the store's list, which
    /// is known by its address on the store only and never uploaded from here.
    public var hasLocalFile: Bool

    public init(id: UUID, orgId: UUID, fileName: String, kind: MediaKind, contentType: String, size: Int64,
                sha256: String, durationSeconds: Double? = nil, width: Int? = nil, height: Int? = nil,
                addedAt: Date, url: String? = nil, uploadedAt: Date? = nil, removedAt: Date? = nil,
                removalSentAt: Date? = nil, uploadRefusal: String? = nil, hasLocalFile: Bool = true) {
        self.id = id
        self.orgId = orgId
        self.fileName = fileName
        self.kind = kind
        self.contentType = contentType
        self.size = size
        self.sha256 = sha256
        self.durationSeconds = durationSeconds
        self.width = width
        self.height = height
        self.addedAt = addedAt
        self.url = url
        self.uploadedAt = uploadedAt
        self.removedAt = removedAt
        self.removalSentAt = removalSentAt
        self.uploadRefusal = uploadRefusal
        self.hasLocalFile = hasLocalFile
    }

    /// The id as records hold it (lower-case UUID text).
    public var key: String { UUIDColumn.encode(id) }

    public var isRemoved: Bool { removedAt != nil }
}

extension MediaItem: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "media"

    public init(row: Row) throws {
        id = try UUIDColumn.decode(row["id"])
        orgId = try UUIDColumn.decode(row["orgId"])
        fileName = row["fileName"]
        let kindName: String = row["kind"]
        guard let kind = MediaKind(rawValue: kindName) else { throw DatabaseError(message: "unknown media kind: \(kindName)") }
        self.kind = kind
        contentType = row["contentType"]
        size = row["size"]
        sha256 = row["sha256"]
        durationSeconds = row["durationSeconds"]
        width = row["width"]
        height = row["height"]
        addedAt = row["addedAt"]
        url = row["url"]
        uploadedAt = row["uploadedAt"]
        removedAt = row["removedAt"]
        removalSentAt = row["removalSentAt"]
        uploadRefusal = row["uploadRefusal"]
        hasLocalFile = row["hasLocalFile"]
    }

    public func encode(to container: inout PersistenceContainer) throws {
        container["id"] = UUIDColumn.encode(id)
        container["orgId"] = UUIDColumn.encode(orgId)
        container["fileName"] = fileName
        container["kind"] = kind.rawValue
        container["contentType"] = contentType
        container["size"] = size
        container["sha256"] = sha256
        container["durationSeconds"] = durationSeconds
        container["width"] = width
        container["height"] = height
        container["addedAt"] = addedAt
        container["url"] = url
        container["uploadedAt"] = uploadedAt
        container["removedAt"] = removedAt
        container["removalSentAt"] = removalSentAt
        container["uploadRefusal"] = uploadRefusal
        container["hasLocalFile"] = hasLocalFile
    }
}
