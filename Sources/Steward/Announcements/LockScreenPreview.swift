import Foundation
import GtkKit
import StewardCore
import Translation

/// How an announcement will look on a phone's lock screen: the clock at its send time, the
/// organization as the sender, the title, and as much of the message as a lock screen shows
/// (about `AnnouncementRules.lockScreenLength` characters, the rest cut with "…"), with a line
/// under it saying how much of what is typed shows. The editor updates it at each keystroke;
/// the page shows the selected announcement in it.
@MainActor
final class LockScreenPreview {
    let widget: Widget
    private let clock: Label
    private let date: Label
    private let sender: Label
    private let when: Label
    private let title: Label
    private let body: Label
    private let length: Label
    private let zone: TimeZone

    init(organization: Organization) {
        let ui = Builder(resource: ResourceBundle.path("Announcements/lock-screen-preview.ui"))
        widget = ui.object("lock_screen_preview")
        clock = ui.object("clock_label")
        date = ui.object("date_label")
        sender = ui.object("sender_label")
        when = ui.object("when_label")
        title = ui.object("title_label")
        body = ui.object("body_label")
        length = ui.object("length_label")
        zone = organization.timeZone
        sender.text = organization.name
        // TRANSLATORS: when a notification arrived, as a phone's lock screen says it.
        when.text = tr("now")
    }

    /// Shows the announcement's fields as typed or stored; `now` is the clock's time for one
    /// that has no send time yet.
    func show(_ fields: JSONValue, now: Date = Date()) {
        let sendAt = fields["sendAt"]?.stringValue.flatMap(DateTimeText.parseUTC) ?? now
        clock.text = DatePatternText.format(sendAt, "HH:mm", zone: zone)
        date.text = DatePatternText.format(sendAt, "EEE d MMM", zone: zone)
        let typedTitle = (fields["title"]?.stringValue ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        title.text = typedTitle.isEmpty ? tr("The title shows here") : typedTitle
        title.setCSSClass("dim-label", typedTitle.isEmpty)
        let message = (fields["body"]?.stringValue ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        body.text = message.isEmpty ? tr("The message shows here.") : Self.shown(message)
        body.setCSSClass("dim-label", message.isEmpty)
        length.text = Self.lengthNote(message.count)
    }

    /// What a lock screen shows of `message`: all of it, or its first characters up to the
    /// limit, cut at a space when one is near, and "…".
    static func shown(_ message: String) -> String {
        let limit = AnnouncementRules.lockScreenLength
        guard message.count > limit else { return message }
        var cut = String(message.prefix(limit))
        if let space = cut.lastIndex(where: \.isWhitespace), cut.distance(from: space, to: cut.endIndex) < 20 {
            cut = String(cut[..<space])
        }
        return cut.trimmingCharacters(in: .whitespacesAndNewlines) + "…"
    }

    static func lengthNote(_ count: Int) -> String {
        let limit = LocaleFormats.current.grouped(AnnouncementRules.lockScreenLength)
        if count == 0 {
            return tr("A lock screen shows about the first {limit} characters of the message.", ["limit": limit])
        }
        if count <= AnnouncementRules.lockScreenLength {
            return trn("{count} character: all of it shows on a lock screen (about {limit} fit).",
                       "{count} characters: all of it shows on a lock screen (about {limit} fit).", count,
                       ["limit": limit])
        }
        return trn("{count} character: a lock screen shows about the first {limit}; the rest shows once it is opened.",
                   "{count} characters: a lock screen shows about the first {limit}; the rest shows once it is opened.",
                   count, ["limit": limit])
    }
}
