import Foundation
import Translation

/// Service or opening times: a day of the week, a start, an optional end and what happens
/// ("Morning worship", "Open gym"), in the organization's time.
public enum ProfileTimes {
    static let maxItems = 50

    public static let days = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

    static let fields: [FieldSpec] = [
        FieldSpec("day", trLater("Day"), .choice(days), [.required], help: trLater("The day of the week, like sunday."))
            .showingChoices(dayTitle),
        FieldSpec("start", trLater("Starts"), .text(maxLength: 5), [.required],
                  help: trLater("When it starts, like 10:30, in the organization's time.")),
        FieldSpec("end", trLater("Ends"), .text(maxLength: 5), help: trLater("When it ends, like 12:00; empty: not said.")),
        FieldSpec("label", trLater("What"), .text(maxLength: 120), help: trLater("What happens then, like \"Morning worship\".")),
    ]

    /// The day's name in the person's language ("Sunday", "Domingo").
    public static func dayTitle(_ word: String) -> String? {
        guard let index = days.firstIndex(of: word) else { return nil }
        // The locale's names start on Sunday; ours on Monday.
        let name = LocaleFormats.current.weekdayNames[(index + 1) % 7]
        return name.prefix(1).uppercased() + name.dropFirst()
    }

    /// Each time's start and end must be times of day; refused naming the time by its place.
    static func check(_ values: [String: JSONValue], _ issues: inout IssueCollector) {
        guard case .array(let times)? = values["times"] else { return }
        for (index, time) in times.enumerated() {
            let start = time["start"]?.stringValue ?? "", end = time["end"]?.stringValue ?? ""
            if QuietHours.minutes(start) == nil {
                issues.add("times", ListItemIssue.message(item: index + 1, tr("Starts must be a time of day like 10:30")))
            } else if !end.isEmpty, QuietHours.minutes(end) == nil {
                issues.add("times", ListItemIssue.message(item: index + 1, tr("Ends must be a time of day like 12:00")))
            }
        }
    }

    /// 9:30 kept as 09:30.
    static func normalize(_ values: inout [String: JSONValue]) {
        guard case .array(let times)? = values["times"] else { return }
        values["times"] = .array(times.map { time in
            guard case .object(var item) = time else { return time }
            for key in ["start", "end"] {
                if let minutes = item[key]?.stringValue.flatMap(QuietHours.minutes) { item[key] = .string(QuietHours.text(minutes)) }
            }
            return .object(item)
        })
    }
}
