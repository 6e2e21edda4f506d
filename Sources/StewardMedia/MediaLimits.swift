/// How large media may be: each file by its kind, and all of an organization's together. The
/// numbers are defined here once; docs/media.md says the same.
public struct MediaLimits: Sendable, Hashable, Codable {
    /// Largest file of each kind, in bytes.
    public var image: Int64
    public var audio: Int64
    public var video: Int64
    public var pdf: Int64
    /// All of an organization's media that is not removed, in bytes.
    public var organization: Int64
    /// Images with more pixels than this are refused from their header (a decoding bomb is a
    /// small file that expands to gigabytes).
    public var imagePixels: Int64

    public static let megabyte: Int64 = 1_000_000

    public static let standard = MediaLimits(image: 20 * megabyte, audio: 500 * megabyte, video: 2_000 * megabyte,
                                             pdf: 50 * megabyte, organization: 10_000 * megabyte,
                                             imagePixels: 50_000_000)

    public init(image: Int64, audio: Int64, video: Int64, pdf: Int64, organization: Int64, imagePixels: Int64) {
        self.image = image
        self.audio = audio
        self.video = video
        self.pdf = pdf
        self.organization = organization
        self.imagePixels = imagePixels
    }

    public func maximum(for kind: MediaKind) -> Int64 {
        switch kind {
        case .image: image
        case .audio: audio
        case .video: video
        case .pdf: pdf
        }
    }

    /// Why a file of `size` bytes and `type` cannot be kept; nil when it can.
    public func refusal(size: Int64, type: MediaType) -> MediaRefusal? {
        let limit = maximum(for: type.kind)
        return size > limit ? .tooLarge(type: type, size: size, limit: limit) : nil
    }

    /// Why adding `size` bytes to an organization using `used` is refused; nil when it fits.
    public func quotaRefusal(size: Int64, used: Int64) -> MediaRefusal? {
        used + size > organization ? .overQuota(size: size, used: used, limit: organization) : nil
    }
}

/// Sizes as staff read them: "20 MB", "1.5 GB" (decimal units, as file managers show them).
public enum ByteCountText {
    public static func describe(_ bytes: Int64) -> String {
        let units: [(Int64, String)] = [(1_000_000_000, "GB"), (1_000_000, "MB"), (1_000, "kB")]
        for (size, name) in units where bytes >= size {
            let value = Double(bytes) / Double(size)
            let rounded = (value * 10).rounded() / 10
            let text = rounded == rounded.rounded() ? String(Int64(rounded)) : String(rounded)
            return "\(text) \(name)"
        }
        return "\(bytes) bytes"
    }
}
