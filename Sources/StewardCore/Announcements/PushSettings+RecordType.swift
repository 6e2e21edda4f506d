import Foundation
import Translation

extension RecordType {
    /// How the organization's notifications go out: the quiet hours when only urgent ones are
    /// sent (the rest wait for the morning). One per organization; the store reads it when a
    /// notification's time comes.
    public static let pushSettings = RecordType(
        entity: "pushSettings", commandName: "push-settings", module: .announcements,
        nouns: RecordNouns(trLater("notification settings"), trLater("notification settings"), title: trLater("Notification Settings"),
                           pluralTitle: trLater("Notification Settings"),
                           counted: { trn("{count} notification setting", "{count} notification settings", $0, ["count": $1]) }),
        fields: [
            FieldSpec("quietFrom", trLater("Quiet from"), .text(maxLength: 5), [.listed],
                      help: trLater("When quiet hours begin, in the organization's time, like 21:30; empty: no quiet hours.")),
            FieldSpec("quietUntil", trLater("Quiet until"), .text(maxLength: 5), [.listed],
                      help: trLater("When quiet hours end, like 07:00; notifications that waited go out then.")),
        ],
        titleField: "quietFrom")
        .singleton()
        .rule { values, issues in QuietHours.check(values, &issues) }
        // 7:00 is kept as 07:00, so every side stores the same text.
        .completing { values in
            for name in ["quietFrom", "quietUntil"] {
                if let minutes = values[name]?.stringValue.flatMap(QuietHours.minutes) {
                    values[name] = .string(QuietHours.text(minutes))
                }
            }
        }
        .staffOnly()
}

/// The hours when only urgent notifications are sent, in the organization's time; a window
/// may run past midnight (21:30 to 07:00).
public struct QuietHours: Sendable, Equatable {
    /// Minutes after midnight.
    public var from: Int
    public var until: Int

    /// `HH:MM`, 00:00 to 23:59.
    static func minutes(_ text: String) -> Int? {
        let parts = text.split(separator: ":")
        guard parts.count == 2, parts[0].count <= 2, parts[1].count == 2, let hours = Int(parts[0]), let minutes = Int(parts[1]),
              (0...23).contains(hours), (0...59).contains(minutes) else { return nil }
        return hours * 60 + minutes
    }

    /// The settings record's quiet hours; nil when it has none.
    public init?(settings: JSONValue?) {
        guard let from = settings?["quietFrom"]?.stringValue.flatMap(Self.minutes),
              let until = settings?["quietUntil"]?.stringValue.flatMap(Self.minutes), from != until else { return nil }
        self.from = from
        self.until = until
    }

    static func check(_ values: [String: JSONValue], _ issues: inout IssueCollector) {
        let from = values["quietFrom"]?.stringValue ?? ""
        let until = values["quietUntil"]?.stringValue ?? ""
        for (field, text) in [("quiet-from", from), ("quiet-until", until)] where !text.isEmpty && minutes(text) == nil {
            issues.add(field, tr("must be a time of day like 21:30"))
        }
        if from.isEmpty != until.isEmpty {
            issues.add(from.isEmpty ? "quiet-from" : "quiet-until", tr("quiet hours need both a start and an end"))
        }
    }

    /// When a notification due at `now` may go out: nil now (outside quiet hours), else when
    /// they end.
    public func end(containing now: Date, zone: TimeZone) -> Date? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.hour, .minute], from: now)
        let minute = (parts.hour ?? 0) * 60 + (parts.minute ?? 0)
        let inside = from < until ? (minute >= from && minute < until) : (minute >= from || minute < until)
        guard inside else { return nil }
        let day = calendar.startOfDay(for: now)
        // Past midnight in a window that began the evening before: it ends today; still in the
        // evening part: it ends tomorrow.
        let endDay = (from > until && minute >= from) ? calendar.date(byAdding: .day, value: 1, to: day) ?? day : day
        return calendar.date(bySettingHour: until / 60, minute: until % 60, second: 0, of: endDay)
    }
}
