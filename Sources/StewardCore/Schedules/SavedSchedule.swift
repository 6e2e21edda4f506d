import Foundation
import Translation

/// A saved MindBody answer: v6 JSON (one page or the whole list) or a SOAP v5 `GetClasses` XML
/// answer, told apart by their first character. An iCalendar file is read as such too.
public enum SavedSchedule {
    public enum Format: String, Sendable { case json, xml, ical }

    public static func format(of data: Data) -> Format? {
        guard let first = data.first(where: { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF) })
        else { return nil }
        switch first {
        case UInt8(ascii: "{"): return .json
        case UInt8(ascii: "<"): return .xml
        case UInt8(ascii: "B"), UInt8(ascii: "b"): return .ical
        default: return nil
        }
    }

    public static func classes(_ data: Data, zone: TimeZone, window: DateInterval) throws(ScheduleFormatError) -> [SourceClass] {
        switch format(of: data) {
        case .json: try MindBodyJSON.page(data, zone: zone).classes
        case .xml: try MindBodySOAP.classes(data, zone: zone)
        case .ical: try ICalendarTimetable.classes(data, zone: zone, window: window)
        case nil:
            throw ScheduleFormatError(tr("neither MindBody JSON, SOAP XML nor iCalendar (it should start with {json}, {xml} or {ical})",
                                         ["json": "{", "xml": "<", "ical": "BEGIN:VCALENDAR"]))
        }
    }
}
