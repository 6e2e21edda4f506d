/// A content type the store accepts, with the kind it belongs to and the name it is served
/// under. libmagic's names for a type vary (audio/x-m4a, audio/mp4); each accepted one maps to
/// one of these.
public struct MediaType: Sendable, Hashable {
    /// The Content-Type the file is served with.
    public var contentType: String
    public var kind: MediaKind
    /// The extension the file's public address ends with.
    public var fileExtension: String
    /// How staff would name it in a message ("JPEG image").
    public var label: String

    public init(contentType: String, kind: MediaKind, fileExtension: String, label: String) {
        self.contentType = contentType
        self.kind = kind
        self.fileExtension = fileExtension
        self.label = label
    }

    public static let jpeg = MediaType(contentType: "image/jpeg", kind: .image, fileExtension: "jpg", label: "JPEG image")
    public static let png = MediaType(contentType: "image/png", kind: .image, fileExtension: "png", label: "PNG image")
    public static let gif = MediaType(contentType: "image/gif", kind: .image, fileExtension: "gif", label: "GIF image")
    public static let mp3 = MediaType(contentType: "audio/mpeg", kind: .audio, fileExtension: "mp3", label: "MP3 audio")
    public static let m4a = MediaType(contentType: "audio/mp4", kind: .audio, fileExtension: "m4a", label: "M4A (AAC) audio")
    public static let aac = MediaType(contentType: "audio/aac", kind: .audio, fileExtension: "aac", label: "AAC audio")
    public static let mp4 = MediaType(contentType: "video/mp4", kind: .video, fileExtension: "mp4", label: "MP4 video")
    public static let pdf = MediaType(contentType: "application/pdf", kind: .pdf, fileExtension: "pdf", label: "PDF document")

    /// Every accepted type. WebP is not among them: Debian 12's gdk-pixbuf has no WebP loader,
    /// and an image the store cannot decode it cannot clean.
    public static let accepted: [MediaType] = [.jpeg, .png, .gif, .mp3, .m4a, .aac, .mp4, .pdf]

    /// The accepted type libmagic's MIME name stands for; nil when it is not accepted.
    public static func forSniffed(_ mime: String) -> MediaType? {
        switch mime.lowercased() {
        case "image/jpeg", "image/pjpeg": .jpeg
        case "image/png": .png
        case "image/gif": .gif
        case "audio/mpeg", "audio/mp3", "audio/x-mp3", "audio/mpeg3": .mp3
        case "audio/x-m4a", "audio/m4a", "audio/mp4": .m4a
        case "audio/aac", "audio/x-hx-aac-adts", "audio/x-aac": .aac
        case "video/mp4", "video/x-m4v": .mp4
        case "application/pdf": .pdf
        default: nil
        }
    }

    /// The type for a served Content-Type (the store keeps it by that name).
    public static func forContentType(_ contentType: String) -> MediaType? {
        accepted.first { $0.contentType == contentType }
    }

    /// "JPEG, PNG, GIF, MP3, M4A, AAC, MP4 and PDF": what a refusal says is accepted.
    public static let acceptedSummary = "JPEG, PNG or GIF images, MP3, M4A or AAC audio, MP4 video and PDF documents"
}
