import CICal
import Foundation
import Translation

/// A timetable published as an iCalendar feed, read with libical. Each VEVENT is a class:
/// SUMMARY the name, DESCRIPTION, CATEGORIES the program, LOCATION the room, ORGANIZER's CN the
/// trainer, STATUS:CANCELLED a cancellation. Booking figures a plain calendar cannot say come
/// from the X- properties listed in docs/schedules.md (a feed without them has none).
/// Recurring events are expanded within the window; an occurrence's id is its UID and start.
public enum ICalendarTimetable {
    /// Reads the feed on a thread of its own and waits at most `deadline` seconds for it. A
    /// repeat rule no date fits makes libical 3.0 look for its next date until the year 2582
    /// (or 20000), up to a second per such event; a feed of many would hold the refresh. Past
    /// the deadline the feed is refused in words, and the reading thread, which owns
    /// everything it parsed, finishes on its own. Real feeds read in milliseconds.
    public static func classes(_ data: Data, zone: TimeZone, window: DateInterval,
                               deadline: TimeInterval = 10) throws(ScheduleFormatError) -> [SourceClass] {
        let reading = DeadlineWork { () throws(ScheduleFormatError) -> [SourceClass] in
            try read(data, zone: zone, window: window)
        }
        guard let result = reading.wait(seconds: deadline) else {
            throw ScheduleFormatError(tr("its repeat rules take more than {seconds} seconds to expand; an RRULE that no date fits (such as BYMONTH=2;BYMONTHDAY=30, or a BYSETPOS beyond the dates it picks from) makes libical search for centuries: check the feed's RRULEs",
                                         ["seconds": String(Int(deadline))]))
        }
        return try result.get()
    }

    private static func read(_ data: Data, zone: TimeZone, window: DateInterval) throws(ScheduleFormatError) -> [SourceClass] {
        let text = String(decoding: data, as: UTF8.self)
        guard let root = icalparser_parse_string(text) else {
            throw ScheduleFormatError(tr("not an iCalendar file (no BEGIN:VCALENDAR)"))
        }
        defer { icalcomponent_free(root) }
        guard icalcomponent_isa(root) == ICAL_VCALENDAR_COMPONENT || icalcomponent_isa(root) == ICAL_VEVENT_COMPONENT else {
            throw ScheduleFormatError(tr("not an iCalendar file (no BEGIN:VCALENDAR)"))
        }
        var events: [OpaquePointer] = []
        if icalcomponent_isa(root) == ICAL_VEVENT_COMPONENT {
            events.append(root)
        } else {
            var event = icalcomponent_get_first_component(root, ICAL_VEVENT_COMPONENT)
            while let current = event {
                events.append(current)
                event = icalcomponent_get_next_component(root, ICAL_VEVENT_COMPONENT)
            }
        }
        var byId: [String: SourceClass] = [:]
        var order: [String] = []
        var overrides: [SourceClass] = []
        for (index, event) in events.enumerated() {
            guard let uidPointer = icalcomponent_get_uid(event), case let uid = String(cString: uidPointer), !uid.isEmpty else {
                throw ScheduleFormatError(tr("event {number} has no UID", ["number": String(index + 1)]))
            }
            let start = icalcomponent_get_dtstart(event)
            guard icaltime_is_null_time(start) == 0 else {
                throw ScheduleFormatError(tr("event {number} ({uid}) has no DTSTART", ["number": String(index + 1), "uid": uid]))
            }
            let startsAt = instant(start, property: ICAL_DTSTART_PROPERTY, of: event, zone: zone)
            let end = icalcomponent_get_dtend(event)
            let endsAt = icaltime_is_null_time(end) == 0
                ? instant(end, property: ICAL_DTEND_PROPERTY, of: event, zone: zone) : startsAt
            guard endsAt >= startsAt else {
                throw ScheduleFormatError(tr("event {number} ({uid}) ends before it starts (its DTEND or DURATION comes before DTSTART)",
                                             ["number": String(index + 1), "uid": uid]))
            }
            let base = details(of: event, uid: uid, startsAt: startsAt, endsAt: endsAt)

            let recurrenceId = icalcomponent_get_recurrenceid(event)
            if icaltime_is_null_time(recurrenceId) == 0 {
                // One changed occurrence of a recurring class: it replaces that occurrence.
                var changed = base
                changed.sourceClassId = occurrenceId(uid, instant(recurrenceId, property: ICAL_RECURRENCEID_PROPERTY, of: event, zone: zone))
                overrides.append(changed)
            } else if icalcomponent_get_first_property(event, ICAL_RRULE_PROPERTY) != nil {
                guard !RepeatCost.repeatsWithinADayOnChosenDays(event) else {
                    throw ScheduleFormatError(tr("event {number} ({uid}) repeats by the hour, minute or second on chosen days, months or positions, which can keep the refresh searching for centuries when no date fits; write it as a daily or weekly RRULE with BYHOUR and BYMINUTE",
                                                 ["number": String(index + 1), "uid": uid]))
                }
                guard RepeatCost.datesWalked(by: event, until: window.end) <= Double(RepeatCost.mostDatesWalked) else {
                    throw ScheduleFormatError(tr("event {number} ({uid}) repeats too often for too long: its RRULE makes more than {limit} dates before the timetable's last day (check its DTSTART, FREQ and INTERVAL)",
                                                 ["number": String(index + 1), "uid": uid,
                                                  "limit": String(RepeatCost.mostDatesWalked)]))
                }
                for occurrence in occurrences(of: event, within: window) {
                    var one = base
                    one.sourceClassId = occurrenceId(uid, occurrence.start)
                    one.startsAt = occurrence.start
                    one.endsAt = occurrence.start.addingTimeInterval(endsAt.timeIntervalSince(startsAt))
                    if byId.updateValue(one, forKey: one.sourceClassId) == nil { order.append(one.sourceClassId) }
                }
            } else if byId.updateValue(base, forKey: uid) == nil {
                order.append(uid)
            }
        }
        for changed in overrides where byId.updateValue(changed, forKey: changed.sourceClassId) == nil {
            order.append(changed.sourceClassId)
        }
        return order.compactMap { byId[$0] }
    }

    private static func occurrenceId(_ uid: String, _ start: Date) -> String {
        "\(uid)@\(Int64(start.timeIntervalSince1970))"
    }

    private static func details(of event: OpaquePointer, uid: String, startsAt: Date, endsAt: Date) -> SourceClass {
        func string(_ pointer: UnsafePointer<CChar>?) -> String { pointer.map { String(cString: $0) } ?? "" }
        var extra: [String: String] = [:]
        var property = icalcomponent_get_first_property(event, ICAL_X_PROPERTY)
        while let current = property {
            if let name = icalproperty_get_x_name(current), let value = icalproperty_get_value_as_string(current) {
                extra[String(cString: name).uppercased()] = String(cString: value)
            }
            property = icalcomponent_get_next_property(event, ICAL_X_PROPERTY)
        }
        var trainer = ""
        if let organizer = icalcomponent_get_first_property(event, ICAL_ORGANIZER_PROPERTY),
           let cn = icalproperty_get_first_parameter(organizer, ICAL_CN_PARAMETER) {
            trainer = string(icalparameter_get_cn(cn))
        }
        let categories = icalcomponent_get_first_property(event, ICAL_CATEGORIES_PROPERTY)
            .map { string(icalproperty_get_categories($0)) } ?? ""
        func flag(_ name: String) -> Bool? {
            switch extra[name]?.uppercased() {
            case "TRUE", "1", "YES": true
            case "FALSE", "0", "NO": false
            default: nil
            }
        }
        func number(_ name: String) -> Int? { extra[name].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } }
        return SourceClass(
            sourceClassId: uid,
            classScheduleId: extra["X-CLASS-SCHEDULE-ID"],
            name: string(icalcomponent_get_summary(event)),
            description: string(icalcomponent_get_description(event)),
            program: categories.split(separator: ",").first.map { String($0) } ?? "",
            sessionType: extra["X-SESSION-TYPE"] ?? "",
            startsAt: startsAt,
            endsAt: endsAt,
            trainerId: extra["X-TRAINER-ID"],
            trainer: trainer,
            isSubstitute: flag("X-SUBSTITUTE") ?? false,
            isCancelled: icalcomponent_get_status(event) == ICAL_STATUS_CANCELLED,
            isActive: flag("X-ACTIVE") ?? true,
            locationId: extra["X-LOCATION-ID"],
            location: extra["X-LOCATION"] ?? "",
            roomId: extra["X-ROOM-ID"],
            room: string(icalcomponent_get_location(event)),
            maxCapacity: number("X-MAX-CAPACITY"),
            webCapacity: number("X-WEB-CAPACITY"),
            totalBooked: number("X-TOTAL-BOOKED"),
            totalWaitlisted: number("X-TOTAL-WAITLISTED"),
            isWaitlistAvailable: flag("X-WAITLIST-AVAILABLE") ?? false)
    }

    /// A date-time of `event` as an instant (`ICalendarTime`): a TZID the system does not know
    /// and the feed does not define, or none, is the gym's zone.
    private static func instant(_ time: icaltimetype, property kind: icalproperty_kind, of event: OpaquePointer,
                                zone: TimeZone) -> Date {
        let tzid = ICalendarTime.tzid(of: icalcomponent_get_first_property(event, kind))
        return ICalendarTime.resolve(time, tzid: tzid, in: icalcomponent_get_parent(event), floating: zone)?.instant
            ?? ICalendarTime.civil(time, in: zone)
    }

    /// The starts of a recurring event's occurrences within `window` (RRULE, RDATE, EXDATE).
    private static func occurrences(of event: OpaquePointer, within window: DateInterval) -> [(start: Date, end: Date)] {
        final class Collector { var spans: [(start: Date, end: Date)] = [] }
        let collector = Collector()
        let utc = icaltimezone_get_utc_timezone()
        let from = icaltime_from_timet_with_zone(time_t(window.start.timeIntervalSince1970), 0, utc)
        let to = icaltime_from_timet_with_zone(time_t(window.end.timeIntervalSince1970), 0, utc)
        withExtendedLifetime(collector) {
            icalcomponent_foreach_recurrence(event, from, to, { _, span, data in
                guard let span, let data else { return }
                let collector = Unmanaged<Collector>.fromOpaque(data).takeUnretainedValue()
                collector.spans.append((Date(timeIntervalSince1970: TimeInterval(span.pointee.start)),
                                        Date(timeIntervalSince1970: TimeInterval(span.pointee.end))))
            }, Unmanaged.passUnretained(collector).toOpaque())
        }
        return collector.spans
    }
}
