import Foundation
import Translation

/// A timing's parts as conflict rows, for a type whose people choose a start or an end from
/// either side (events): each part with the record keys it carries and how it reads.
enum TimingConflictParts {
    struct Part: Sendable {
        let name: String
        let label: Translatable
        let keys: [String]
        let text: @Sendable (JSONValue?, TimeZone) -> String
    }

    static let all: [Part] = [
        Part(name: TimingField.Part.timing, label: trLater("Timing"), keys: [TimingField.kindKey]) { record, _ in
            switch TimingField.timing(of: record) {
            case .timed?: tr("At set times")
            case .allDay?: trc("event timing", "All day")
            case .untimed?: tr("Ongoing, no set time")
            case nil: ""
            }
        },
        Part(name: TimingField.Part.starts, label: trLater("Starts"), keys: [TimingField.startsAt, TimingField.startDate]) { record, zone in
            moment(TimingField.timing(of: record), start: true, orgZone: zone)
        },
        Part(name: TimingField.Part.ends, label: trLater("Ends"), keys: [TimingField.endsAt, TimingField.endDate]) { record, zone in
            moment(TimingField.timing(of: record), start: false, orgZone: zone)
        },
        Part(name: TimingField.Part.timeZone, label: trLater("Time zone"), keys: [TimingField.timeZone]) { record, _ in
            if case .timed(_, _, let name)? = TimingField.timing(of: record) { return name }
            return ""
        },
    ]

    /// "Sun 6 Dec 2026, 10:30" (timed, in the event's zone), "Sun 6 Dec 2026" (all day), "".
    private static func moment(_ timing: EventTiming?, start: Bool, orgZone: TimeZone) -> String {
        switch timing {
        case nil, .untimed?:
            return ""
        case .allDay(let first, let last)?:
            return DatePatternText.format((start ? first : last).startOfDay(in: .gmt), "EEE d MMM yyyy", zone: .gmt)
        case .timed(let from, let to, let name)?:
            return DatePatternText.format(start ? from : to, "EEE d MMM yyyy, HH:mm", zone: TimeZone(identifier: name) ?? orgZone)
        }
    }
}
