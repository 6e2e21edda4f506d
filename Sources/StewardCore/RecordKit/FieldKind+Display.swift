import Foundation
import Translation

extension FieldKind {
    /// How a stored value reads for people: lists, conflicts, history, the CLI's text output.
    public func displayText(_ value: JSONValue?, zone: TimeZone) -> String {
        guard let value, value != .null else { return "" }
        switch self {
        case .boolean:
            return value.boolValue == true ? tr("Yes") : tr("No")
        case .date:
            guard let text = value.stringValue, let day = LocalDate(iso: text) else { return value.stringValue ?? "" }
            return DatePatternText.format(day.startOfDay(in: .gmt), "EEE d MMM yyyy", zone: .gmt)
        case .dateTime:
            guard let text = value.stringValue, let instant = DateTimeText.parseUTC(text) else { return value.stringValue ?? "" }
            return DatePatternText.format(instant, "EEE d MMM yyyy, HH:mm", zone: zone)
        case .duration:
            return value.int64Value.map(Self.clock) ?? ""
        case .decimal:
            return value.decimalValue.map { StoredNumber.shown($0) } ?? value.stringValue ?? ""
        case .words, .occurrences:
            return editableText(value, zone: zone)
        case .list(let itemFields, _):
            let items = value.arrayValue ?? []
            let first = itemFields.first?.name ?? ""
            return items.map { $0[first]?.stringValue ?? "" }.joined(separator: "\n")
        case .timing:
            // "Sun 6 Dec 2026, 10:30–12:00", "12–13 Dec 2026 · all day", "Ongoing".
            return TimingField.timing(of: value).map { EventTimingText.describe($0, orgZone: zone) } ?? ""
        default:
            return editableText(value, zone: zone)
        }
    }

    /// The text an editor or `update` starts from, which parses back to the same value.
    public func editableText(_ value: JSONValue?, zone: TimeZone) -> String {
        guard let value, value != .null else { return "" }
        switch self {
        case .dateTime:
            guard let text = value.stringValue, let instant = DateTimeText.parseUTC(text) else { return value.stringValue ?? "" }
            return DateTimeText.local(instant, zone: zone)
        case .duration:
            return value.int64Value.map(Self.clock) ?? ""
        case .decimal:
            return value.decimalValue.map { StoredNumber.text($0) } ?? value.stringValue ?? ""
        case .boolean:
            return value.boolValue == true ? "yes" : "no"
        case .words, .occurrences:
            return (value.arrayValue ?? []).compactMap(\.stringValue).joined(separator: ", ")
        case .list, .timing:
            // A timing is edited by its parts (the events' editor and options), not as one text.
            return value.canonicalText
        default:
            switch value {
            case .string(let text): return text
            case .int(let number): return String(number)
            default: return value.canonicalText
            }
        }
    }

    /// `1:02:03`, or `45:12` under an hour.
    static func clock(_ seconds: Int64) -> String {
        let hours = seconds / 3600, minutes = (seconds % 3600) / 60, rest = seconds % 60
        func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : String(n) }
        return hours > 0 ? "\(hours):\(two(minutes)):\(two(rest))" : "\(minutes):\(two(rest))"
    }
}

extension FieldSpec {
    /// `value` as staff read it: a choice by its name, anything else as its kind shows it.
    public func displayText(_ value: JSONValue?, zone: TimeZone) -> String {
        if case .choice = kind, let word = value?.stringValue, !word.isEmpty { return title(ofChoice: word) }
        return kind.displayText(value, zone: zone)
    }
}
