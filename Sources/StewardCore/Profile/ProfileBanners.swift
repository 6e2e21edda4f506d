import Foundation
import Translation

/// The pictures across the top of the app's home: each with where a tap goes and the window it
/// shows in (the church's Christmas banner from Advent to Epiphany).
public enum ProfileBanners {
    static let maxItems = 10

    static let fields: [FieldSpec] = [
        FieldSpec("image", trLater("Image"), .media(kinds: [.image], httpsOnly: true), [.required],
                  help: trLater("The picture, wide (about 3:1): an image from the media library (its id, see `stewardctl media list`) or a secure (https://) address.")),
        FieldSpec("link", trLater("Link"), .webURL(httpsOnly: true),
                  help: trLater("Where a tap on the banner goes, a secure (https://) address; empty: nowhere.")),
        FieldSpec("title", trLater("Title"), .text(maxLength: 120),
                  help: trLater("What the banner says, read aloud to members who cannot see it.")),
        FieldSpec("showFrom", trLater("Show from"), .dateTime,
                  help: trLater("When it starts showing, like 2026-12-01T00:00; empty: from now.")),
        FieldSpec("showUntil", trLater("Show until"), .dateTime,
                  help: trLater("When it stops showing, like 2027-01-07T00:00; empty: until removed.")),
    ]

    /// A banner whose window ends before it starts would never show: refused, naming the banner.
    static func checkWindows(_ values: [String: JSONValue], _ issues: inout IssueCollector) {
        guard case .array(let banners)? = values["banners"] else { return }
        for (index, banner) in banners.enumerated() {
            guard let from = RecordType.instant(banner["showFrom"]), let until = RecordType.instant(banner["showUntil"]),
                  until <= from else { continue }
            issues.add("banners", ListItemIssue.message(item: index + 1, tr("Show until must be after Show from")))
        }
    }

    /// Whether `banner` shows at `now`: its window has begun and not ended.
    public static func isShowing(_ banner: JSONValue, at now: Date) -> Bool {
        let instant = Milliseconds.from(now)
        if let from = RecordType.instant(banner["showFrom"]), from > instant { return false }
        if let until = RecordType.instant(banner["showUntil"]), until <= instant { return false }
        return true
    }

    /// The banners of a profile's fields that show at `now`, in their order.
    public static func showing(in fields: JSONValue, at now: Date) -> [JSONValue] {
        guard case .array(let banners)? = fields["banners"] else { return [] }
        return banners.filter { isShowing($0, at: now) }
    }
}
