import Foundation
import StewardCore
import StewardMedia
import Translation

/// How the Media page names kinds, running times, sizes and limits.
enum MediaText {
    /// The kinds as the filter offers them, in this order, after "All Kinds".
    static let filterKinds: [MediaKind] = [.image, .audio, .video, .pdf]

    static func kindName(_ kind: MediaKind) -> String {
        switch kind {
        case .image: tr("Image")
        case .audio: tr("Audio")
        case .video: tr("Video")
        case .pdf: tr("PDF")
        }
    }

    /// The filter's entries: every kind, then each.
    static var filterNames: [String] {
        [tr("All Kinds")] + [tr("Images"), tr("Audio"), tr("Video"), tr("PDFs")]
    }

    /// The icon shown for a file with no thumbnail: its kind's.
    static func iconName(_ kind: MediaKind) -> String {
        switch kind {
        case .image: "image-x-generic-symbolic"
        case .audio: "audio-x-generic-symbolic"
        case .video: "video-x-generic-symbolic"
        case .pdf: "x-office-document-symbolic"
        }
    }

    /// "3:07" or "1:02:45": a running time, digits and colons in every language.
    static func runningTime(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        let (hours, minutes, rest) = (total / 3600, total / 60 % 60, total % 60)
        return hours > 0 ? String(format: "%d:%02d:%02d", hours, minutes, rest) : String(format: "%d:%02d", minutes, rest)
    }

    /// "1.2 GB of 10 GB used".
    static func usage(_ usage: MediaUsage) -> String {
        tr("{used} of {limit} used", ["used": ByteCountText.describe(usage.used),
                                     "limit": ByteCountText.describe(usage.limits.organization)])
    }

    /// What may be added: each kind's largest file, the images' pixels and the organization's total.
    static func limits(_ limits: MediaLimits) -> String {
        let kinds = [
            tr("Images (JPEG, PNG, GIF): up to {size} and {pixels} megapixels",
               ["size": ByteCountText.describe(limits.image), "pixels": String(limits.imagePixels / 1_000_000)]),
            tr("Audio (MP3, M4A, AAC): up to {size}", ["size": ByteCountText.describe(limits.audio)]),
            tr("Video (MP4): up to {size}", ["size": ByteCountText.describe(limits.video)]),
            tr("PDF documents: up to {size}", ["size": ByteCountText.describe(limits.pdf)]),
        ]
        return kinds.joined(separator: "\n") + "\n\n"
            + tr("The organization's files together: up to {size}.", ["size": ByteCountText.describe(limits.organization)])
    }
}

extension MediaText {
    /// The names the file chooser's filter offers (what the library accepts; the content
    /// decides in the end, whatever the name).
    static let filePatterns: [String] = ["jpg", "jpeg", "png", "gif", "mp3", "m4a", "aac", "mp4", "pdf"]
        .flatMap { ["*.\($0)", "*.\($0.uppercased())"] }
}

extension MediaText {
    /// `bulletin “Advent 2” (Header image)`: a record using a file, its field by its label.
    static func use(_ use: MediaUse) -> String {
        let type = RecordTypes.named(use.entity)
        return tr("{noun} “{title}” ({field})", ["noun": type?.noun ?? use.entity, "title": use.title,
                                               "field": type?.field(use.field)?.label ?? use.field])
    }

    /// The refusal of removing a file records use, short enough for a toast.
    static func stillUsed(_ item: MediaItem, by uses: [MediaUse]) -> String {
        let records = uses.map { use in
            tr("{noun} “{title}”", ["noun": RecordTypes.named(use.entity)?.noun ?? use.entity, "title": use.title])
        }
        return tr("{file} is used by {records}: not removed", ["file": item.fileName, "records": records.joined(separator: ", ")])
    }
}
