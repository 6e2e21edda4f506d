import Foundation
import StewardCore
import StewardMedia

/// A media item as the staff endpoints show it. `url` and `renditions` are paths on the store
/// (`/media/{token}/...`), present once the item is ready; the console prefixes its store's address.
struct MediaView: Encodable, Sendable {
    var id: String
    var fileName: String
    var kind: String?
    var contentType: String?
    var size: Int64
    var sha256: String
    var state: String
    var uploadOffset: Int64
    var width: Int?
    var height: Int?
    var durationSeconds: Double?
    var url: String?
    var renditions: [String: String]?
    var createdAt: String
    var updatedAt: String
    var createdBy: String

    init(_ item: MediaItem, files: [MediaFile]) {
        id = item.id
        fileName = item.fileName
        kind = item.kind?.rawValue
        contentType = item.contentType
        size = item.size
        sha256 = item.sha256
        state = item.state.rawValue
        uploadOffset = item.received
        width = item.width
        height = item.height
        durationSeconds = item.durationSeconds
        createdAt = ISO8601DateFormatter().string(from: item.createdAt)
        updatedAt = ISO8601DateFormatter().string(from: item.updatedAt)
        createdBy = item.createdBy
        guard item.state == .ready else { return }
        url = MediaAddress.path(item, variant: .full)
        if item.kind == .image {
            var paths: [String: String] = [:]
            for rendition in ImageRendition.allCases {
                paths[rendition.rawValue] = MediaAddress.path(item, variant: rendition.variant)
            }
            renditions = paths
        }
    }
}

/// The organization's media use against its limits (`GET /v1/orgs/{org}/media/usage`).
struct MediaUsageView: Encodable, Sendable {
    var usedBytes: Int64
    var limits: MediaLimits
    /// What the store accepts, by Content-Type.
    var acceptedTypes: [String]
}

extension ImageRendition {
    var variant: MediaVariant {
        switch self {
        case .thumb: .thumb
        case .w1280: .w1280
        }
    }
}
