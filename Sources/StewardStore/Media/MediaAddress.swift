import Foundation
import StewardMedia

/// The public addresses of a media item (docs/media.md, "Addresses"):
/// - `/media/{token}/{file name}`: the full file (an image's cleaned copy);
/// - `/media/{token}/thumb.{ext}` and `/media/{token}/w1280.{ext}`: an image's renditions
///   (the full image when it is no larger).
/// The file name is only for people and downloads: any other last segment serves the full file.
enum MediaAddress {
    static func path(_ item: MediaItem, variant: MediaVariant) -> String {
        let ext = item.contentType.flatMap(MediaType.forContentType)?.fileExtension ?? "bin"
        switch variant {
        case .full: return "/media/\(item.publicToken)/\(publicName(item.fileName, fileExtension: ext))"
        case .thumb, .w1280: return "/media/\(item.publicToken)/\(variant.rawValue).\(ext)"
        }
    }

    /// Which file a last segment asks for: a rendition's name, or anything else for the full file.
    static func variant(named name: Substring) -> MediaVariant {
        let stem = name.split(separator: ".", maxSplits: 1).first.map(String.init) ?? ""
        switch stem {
        case MediaVariant.thumb.rawValue: return .thumb
        case MediaVariant.w1280.rawValue: return .w1280
        default: return .full
        }
    }

    /// The staff's file name made safe for an address: ASCII letters, digits, dashes and
    /// underscores, with the extension of the type served (an image sent as .heic.jpg, or a
    /// cleaned GIF served as PNG, gets the served type's). Never a rendition's name.
    static func publicName(_ fileName: String, fileExtension: String) -> String {
        let base = (fileName as NSString).deletingPathExtension
        var stem = ""
        var lastWasDash = false
        for scalar in base.unicodeScalars {
            let keep = scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "_")
            if keep {
                stem.unicodeScalars.append(scalar)
                lastWasDash = false
            } else if !lastWasDash, !stem.isEmpty {
                stem.append("-")
                lastWasDash = true
            }
        }
        while stem.hasSuffix("-") { stem.removeLast() }
        stem = String(stem.prefix(80))
        if stem.isEmpty { stem = "file" }
        if variant(named: Substring(stem)) != .full { stem = "file-" + stem }
        return "\(stem).\(fileExtension)"
    }
}
