import Foundation

/// The S3 object store did not do what the media storage asked: it refused (403, 5xx), or could
/// not be reached. The client is answered 503 with this message, naming the object store and
/// what it said; the upload's offset in the database stays where it was. Never holds a key.
public struct ObjectStoreError: Error, CustomStringConvertible, Sendable {
    public var endpoint: String
    public var bucket: String
    /// What was being done ("store org/id/upload.parts/…").
    public var action: String
    /// The object store's HTTP status; nil when it gave no answer.
    public var status: Int?
    /// S3's error code (`AccessDenied`, `NoSuchBucket`, `SlowDown`…), when it sent one.
    public var code: String?
    /// S3's message, or why no answer came.
    public var detail: String?

    public var description: String {
        var text = "the media object store (\(endpoint), bucket \(bucket)) "
        if let status {
            text += "refused to \(action): HTTP \(status)"
            if let code { text += " \(code)" }
        } else {
            text += "could not be reached to \(action)"
        }
        if let detail, !detail.isEmpty { text += " (\(detail))" }
        return text
    }
}
