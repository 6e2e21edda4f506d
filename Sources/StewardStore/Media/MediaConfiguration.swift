import Foundation
import StewardMedia

/// Where the store keeps media and how much it takes (`steward-store serve --media-dir`, or
/// `--media-s3` for an S3-compatible object store).
public struct MediaConfiguration: Sendable {
    public var storage: any MediaStorage
    public var limits: MediaLimits
    /// Largest chunk one `PATCH` may carry; a larger upload is sent in several.
    public var maxChunkBytes: Int64

    public static let defaultMaxChunkBytes: Int64 = 64 * 1024 * 1024

    public init(storage: any MediaStorage, limits: MediaLimits = .standard, maxChunkBytes: Int64 = defaultMaxChunkBytes) {
        self.storage = storage
        self.limits = limits
        self.maxChunkBytes = maxChunkBytes
    }
}
