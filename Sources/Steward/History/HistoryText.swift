import Foundation
import StewardCore
import Translation

/// How a record's history reads: who made a change, when (in the computer's time zone), and
/// each changed field as "Label: old → new".
enum HistoryText {
    /// An email as it is; an API token as what it is; this console as it says itself.
    static func author(_ author: String) -> String {
        if author.hasPrefix("token:") {
            let role = author.dropFirst("token:".count)
            return role.isEmpty ? tr("an access token") : tr("an access token ({role})", ["role": String(role)])
        }
        return author.isEmpty ? tr("someone unknown") : HistoryAuthor.text(author)
    }

    /// "Tue 3 Nov 2026, 14:02".
    static func when(_ date: Date, zone: TimeZone = .current) -> String {
        DatePatternText.format(date, "EEE d MMM yyyy, HH:mm", zone: zone)
    }

    /// "ann@example.org, Tue 3 Nov 2026, 14:02".
    static func heading(_ entry: RecordHistoryEntry, zone: TimeZone = .current) -> String {
        "\(author(entry.author)), \(when(entry.at, zone: zone))"
    }

    /// What happened, with the change's state when it has not reached the store yet.
    static func summary(_ entry: RecordHistoryEntry) -> String {
        entry.isPending ? tr("{summary} · not sent yet", ["summary": entry.summary]) : entry.summary
    }

    /// One line per changed field: "Title: Choir practice → Choir rehearsal". Fields that read
    /// the same either way (an empty list becoming no list) are left out.
    static func lines(_ entry: RecordHistoryEntry, zone: TimeZone = .current) -> [String] {
        entry.changes.compactMap { change in
            let old = value(change.old, zone: zone), new = value(change.new, zone: zone)
            guard old != new else { return nil }
            return "\(SyncFieldLabels.label(for: change.field, entity: entry.entity)): \(old) → \(new)"
        }
    }

    /// A field's value for people; "(empty)" for none, moments in the computer's time zone.
    static func value(_ value: JSONValue?, zone: TimeZone = .current) -> String {
        guard let value else { return tr("(empty)") }
        switch value {
        case .null: return tr("(empty)")
        case .bool(let flag): return flag ? tr("Yes") : tr("No")
        case .int(let number): return String(number)
        case .double(let number): return String(number)
        case .string(let text):
            if text.isEmpty { return tr("(empty)") }
            if let moment = moment(text) { return when(moment, zone: zone) }
            return text
        case .array(let items):
            guard !items.isEmpty else { return tr("(empty)") }
            return items.map(Self.item).joined(separator: ", ")
        case .object:
            return value.canonicalText
        }
    }

    /// Synced moments are UTC timestamps ("2026-08-28T01:30:00.000Z"); dates alone stay as
    /// they are.
    private static func moment(_ text: String) -> Date? {
        guard text.count >= 20, text.hasSuffix("Z"), text.contains("T") else { return nil }
        return DateTimeText.parseUTC(text)
    }

    /// A link reads as "Label (url)", anything else as its value.
    private static func item(_ value: JSONValue) -> String {
        if let url = value["url"]?.stringValue {
            let label = value["label"]?.stringValue ?? url
            return label == url ? url : "\(label) (\(url))"
        }
        return Self.value(value)
    }
}
