import Foundation
import StewardMedia
import Translation

/// Why the media library refused something, in words staff read (translated). Nothing is kept
/// or changed when one of these is thrown.
public enum MediaLibraryError: Error, Equatable, CustomStringConvertible {
    /// The file is not accepted as media: its content, its size, or the organization's total.
    case refused(fileName: String, MediaRefusal)
    /// The file is of a kind the field it was added for does not take (a recording dropped
    /// on an image); nothing is kept.
    case wrongKind(fileName: String, kind: MediaKind, accepted: Set<MediaKind>)
    /// The file could not be read at all (missing, a folder, no permission).
    case unreadable(path: String, reason: String)
    case notFound(id: UUID)
    /// Records still use the item: removing it would leave them pointing at nothing.
    case inUse(MediaItem, [MediaUse])
    /// Removed already.
    case removed(MediaItem)

    public var description: String {
        switch self {
        case .refused(let fileName, let refusal):
            tr("{file} is not accepted: {reason}", ["file": fileName, "reason": refusal.translated])
        case .wrongKind(let fileName, let kind, let accepted):
            tr("{file} is of kind {kind}; this field takes {kinds}",
               ["file": fileName, "kind": kind.rawValue, "kinds": MediaFields.kindsText(accepted)])
        case .unreadable(let path, let reason):
            tr("cannot read {path}: {reason}", ["path": path, "reason": reason])
        case .notFound(let id):
            tr("no media item with id {id} in this organization (see `stewardctl media list`)",
               ["id": id.uuidString.lowercased()])
        case .inUse(let item, let uses):
            tr("{file} is still used by {records}: change or remove those first",
               ["file": item.fileName, "records": uses.map(\.described).joined(separator: ", ")])
        case .removed(let item):
            tr("{file} was removed already", ["file": item.fileName])
        }
    }
}

extension MediaRefusal {
    /// `description` in the reader's language.
    public var translated: String {
        switch self {
        case .notAccepted(let sniffed):
            tr("the file's content is {what}, which is not accepted (whatever its name says); media must be JPEG, PNG or GIF images, MP3, M4A or AAC audio, MP4 video or PDF documents",
               ["what": Self.sniffedInWords(sniffed)])
        case .svg:
            tr("SVG images are not accepted (they can carry scripts); export the image as PNG and add that instead")
        case .tooLarge(let type, let size, let limit):
            tr("this {type} is {size}, more than the {limit} allowed for {kind} files; make it smaller and add it again",
               ["type": type.label, "size": ByteCountText.describe(size), "limit": ByteCountText.describe(limit),
                "kind": type.kind.rawValue])
        case .overQuota(let size, let used, let limit):
            tr("adding {size} would pass the organization's {limit} for media ({used} used); remove media no longer needed first",
               ["size": ByteCountText.describe(size), "limit": ByteCountText.describe(limit), "used": ByteCountText.describe(used)])
        case .tooManyPixels(let width, let height, let limit):
            tr("this image is {width}×{height} pixels, more than the {limit} megapixels allowed; scale it down and add it again",
               ["width": String(width), "height": String(height), "limit": String(limit / 1_000_000)])
        case .unreadableImage(let type, let reason):
            tr("the file looks like a {type} but does not decode ({reason}); open it in an image editor and save it again",
               ["type": type.label, "reason": reason])
        case .empty:
            tr("the file is empty")
        }
    }

    /// libmagic's MIME name, with the programs named as such.
    private static func sniffedInWords(_ mime: String) -> String {
        switch mime {
        case "application/x-executable", "application/x-pie-executable", "application/x-sharedlib",
             "application/x-object", "application/x-mach-binary", "application/x-dosexec",
             "application/vnd.microsoft.portable-executable":
            tr("a program ({type})", ["type": mime])
        case "text/x-shellscript", "text/x-script.python", "text/x-perl":
            tr("a script ({type})", ["type": mime])
        case "text/html": tr("a web page ({type})", ["type": mime])
        case "application/zip": tr("a zip archive ({type})", ["type": mime])
        case "text/plain": tr("plain text ({type})", ["type": mime])
        default: mime
        }
    }
}
