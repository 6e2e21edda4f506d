import CICal
import Foundation

/// A date-time value of an iCalendar file as an instant, its zone resolved the way calendar
/// programs that get it right do: UTC as is; a TZID the system knows (an IANA name) in that
/// zone; a TZID only the file's VTIMEZONE defines, through libical, named after the system zone
/// it stands for when it says (its location, or an IANA name at the end of the TZID, as in
/// `/citadel.org/20070227_1/Europe/London`); a floating time (no zone) in the zone given.
/// Shared by the timetable feeds (`ICalendarTimetable`) and the events' import.
enum ICalendarTime {
    struct Resolved {
        let instant: Date
        /// The system zone the time is in ("UTC" for a UTC time); nil for a floating time and
        /// for a zone only the file defines, with no name the system knows.
        let zoneName: String?
    }

    /// The TZID parameter of a property, if it has one.
    static func tzid(of property: OpaquePointer?) -> String? {
        guard let property, let parameter = icalproperty_get_first_parameter(property, ICAL_TZID_PARAMETER),
              let tzid = icalparameter_get_tzid(parameter) else { return nil }
        return String(cString: tzid)
    }

    /// `time` (a date-time value of a property with `tzid`) as an instant; `root` is the
    /// calendar whose VTIMEZONEs define zones; `floating` places a time without a zone. Nil when
    /// the TZID is neither a zone the system knows nor one the file defines.
    static func resolve(_ time: icaltimetype, tzid: String?, in root: OpaquePointer?, floating: TimeZone) -> Resolved? {
        if icaltime_is_utc(time) != 0 {
            return Resolved(instant: civil(time, in: .gmt), zoneName: "UTC")
        }
        guard let tzid else {
            return Resolved(instant: civil(time, in: floating), zoneName: nil)
        }
        if let known = TimeZone(identifier: tzid) {
            return Resolved(instant: civil(time, in: known), zoneName: tzid)
        }
        var defined: OpaquePointer? = time.zone
        if defined == nil, let root, icalcomponent_isa(root) == ICAL_VCALENDAR_COMPONENT {
            defined = icalcomponent_get_timezone(root, tzid)
        }
        if defined == nil { defined = icaltimezone_get_builtin_timezone(tzid) }
        guard let defined else { return nil }
        if let name = systemName(of: defined, tzid: tzid), let zone = TimeZone(identifier: name) {
            return Resolved(instant: civil(time, in: zone), zoneName: name)
        }
        var local = time
        local.zone = nil
        return Resolved(instant: Date(timeIntervalSince1970: TimeInterval(icaltime_as_timet_with_zone(local, defined))),
                        zoneName: nil)
    }

    /// The IANA name a zone the file defines stands for, when its location or its TZID's last
    /// parts give one the system knows.
    private static func systemName(of zone: OpaquePointer, tzid: String) -> String? {
        if let location = icaltimezone_get_location(zone).map({ String(cString: $0) }), TimeZone(identifier: location) != nil {
            return location
        }
        let parts = tzid.split(separator: "/").map(String.init)
        for count in [3, 2] where parts.count >= count {
            let name = parts.suffix(count).joined(separator: "/")
            if TimeZone(identifier: name) != nil { return name }
        }
        return nil
    }

    /// The instant a wall-clock time names in a zone (a skipped hour read as RFC 5545 says).
    static func civil(_ time: icaltimetype, in zone: TimeZone) -> Date {
        CivilTime.instant(year: Int(time.year), month: Int(time.month), day: Int(time.day),
                          seconds: Double(Int(time.hour) * 3600 + Int(time.minute) * 60 + Int(time.second)), zone: zone)
    }
}
