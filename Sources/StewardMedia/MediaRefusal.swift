/// Why a file is not accepted as media, with a message that says what is wrong and what to do.
/// The cases carry what a translated message needs, so the console can word them itself.
public enum MediaRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    /// The content is not an accepted type: `sniffed` is what libmagic says it is.
    case notAccepted(sniffed: String)
    /// SVG may carry scripts and links to elsewhere: refused rather than cleaned.
    case svg
    case tooLarge(type: MediaType, size: Int64, limit: Int64)
    case overQuota(size: Int64, used: Int64, limit: Int64)
    /// An image whose header announces more pixels than `limit`.
    case tooManyPixels(width: Int, height: Int, limit: Int64)
    /// An image of an accepted type whose bytes do not decode.
    case unreadableImage(type: MediaType, reason: String)
    case empty

    public var description: String {
        switch self {
        case .notAccepted(let sniffed):
            "the file's content is \(Self.describeSniffed(sniffed)), which is not accepted (whatever its name says); "
                + "media must be \(MediaType.acceptedSummary)"
        case .svg:
            "SVG images are not accepted (they can carry scripts); export the image as PNG and add that instead"
        case .tooLarge(let type, let size, let limit):
            "this \(type.label) is \(ByteCountText.describe(size)), more than the \(ByteCountText.describe(limit)) "
                + "allowed for \(type.kind.rawValue) files; make it smaller and add it again"
        case .overQuota(let size, let used, let limit):
            "adding \(ByteCountText.describe(size)) would pass the organization's \(ByteCountText.describe(limit)) "
                + "for media (\(ByteCountText.describe(used)) used); remove media no longer needed first"
        case .tooManyPixels(let width, let height, let limit):
            "this image is \(width)×\(height) pixels, more than the \(limit / 1_000_000) megapixels allowed; "
                + "scale it down and add it again"
        case .unreadableImage(let type, let reason):
            "the file looks like a \(type.label) but does not decode (\(reason)); open it in an image editor and save it again"
        case .empty:
            "the file is empty"
        }
    }

    /// libmagic's MIME name in words staff understand, for the usual suspects.
    static func describeSniffed(_ mime: String) -> String {
        switch mime {
        case "application/x-executable", "application/x-pie-executable", "application/x-sharedlib",
             "application/x-object", "application/x-mach-binary":
            "a program (\(mime))"
        case "application/x-dosexec", "application/vnd.microsoft.portable-executable":
            "a Windows program (\(mime))"
        case "text/html": "a web page (text/html)"
        case "application/zip": "a zip archive (application/zip)"
        case "text/plain": "plain text (text/plain)"
        case "application/octet-stream": "of no type recognized (application/octet-stream)"
        default: "\(mime)"
        }
    }
}
