import Foundation
import StewardCore
import StewardMedia

/// The body of `POST /v1/orgs/{org}/media`: the upload staff are about to send.
struct MediaDeclareRequest: Decodable, Sendable {
    var id: String
    var fileName: String
    var size: Int64
    var sha256: String
    /// Audio and video: the running time, read by the console (GStreamer's discoverer).
    var durationSeconds: Double?

    /// The request with its id and hash in their stored form, or a 400 naming the field.
    func validated(limits: MediaLimits) throws -> MediaDeclareRequest {
        var request = self
        guard let uuid = UUID(uuidString: id) else {
            throw StoreHTTPError.badRequest("id: must be a UUID (the console makes one per file, e.g. 0b7e1a52-...)")
        }
        request.id = uuid.uuidString.lowercased()
        let name = fileName.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty, name.count <= 255, !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw StoreHTTPError.badRequest("fileName: must be 1 to 255 characters with no control characters")
        }
        request.fileName = name
        guard size > 0 else { throw StoreHTTPError.badRequest("size: must be the file's size in bytes, more than 0") }
        let largest = MediaKind.allCases.map(limits.maximum(for:)).max() ?? 0
        guard size <= largest else {
            throw StoreHTTPError(.contentTooLarge, MediaHTTPError.tooLarge,
                                 "size: \(ByteCountText.describe(size)) is more than any media may be (\(ByteCountText.describe(largest)) for video)")
        }
        let hash = sha256.lowercased()
        guard hash.count == 64, hash.allSatisfy(\.isHexDigit) else {
            throw StoreHTTPError.badRequest("sha256: must be the file's SHA-256 as 64 hexadecimal digits")
        }
        request.sha256 = hash
        if let durationSeconds, !(durationSeconds.isFinite && durationSeconds >= 0) {
            throw StoreHTTPError.badRequest("durationSeconds: must be a number of seconds, 0 or more")
        }
        return request
    }
}

/// The error codes of the media endpoints (beside `ErrorResponse.Code`'s).
enum MediaHTTPError {
    /// The content is not an accepted type (415), or an image that does not decode (422).
    static let refused = "media-refused"
    /// A file larger than its kind allows (413).
    static let tooLarge = "media-too-large"
    /// The organization's media would pass its total (413).
    static let overQuota = "media-quota"
    /// `Upload-Offset` is not where the store is; the answer's `Upload-Offset` says where (409).
    static let offsetMismatch = "upload-offset"
    /// The whole file arrived but its SHA-256 is not the declared one; the upload starts over (422).
    static let checksumMismatch = "checksum-mismatch"
    /// The id is declared with other content, or was removed (409).
    static let idInUse = "media-id-in-use"

    static func refusal(_ refusal: MediaRefusal) -> StoreHTTPError {
        switch refusal {
        case .tooLarge, .tooManyPixels: StoreHTTPError(.contentTooLarge, tooLarge, refusal.description)
        case .overQuota: StoreHTTPError(.contentTooLarge, overQuota, refusal.description)
        case .unreadableImage: StoreHTTPError(.unprocessableContent, refused, refusal.description)
        case .notAccepted, .svg, .empty: StoreHTTPError(.unsupportedMediaType, refused, refusal.description)
        }
    }
}
