import CICal
import Foundation

/// An organization's events as an RFC 5545 calendar, written by libical: a VTIMEZONE for each
/// zone its timed events use, a VEVENT per event with its repeat rule, cancelled dates (EXDATE)
/// and extra ones (RDATE) in the form of its start, and a VEVENT per changed occurrence
/// (RECURRENCE-ID, its original start). UIDs are `<id>@steward` and never change; SEQUENCE is the
/// event's version, which rises with each change the store takes. Ongoing events, which have no
/// time, are left out (a calendar needs a start). Lines are folded at 75 octets and end in CRLF.
/// `resource` writes one event alone, as a CalDAV calendar object resource (`CalendarPublisher`).
public enum EventCalendarExport {
    /// The UID of an event in every calendar Steward writes.
    public static func uid(_ id: UUID) -> String { id.uuidString.lowercased() + "@steward" }

    /// `lastModified`: each event says when it last changed (LAST-MODIFIED), which a console
    /// knows and a store's feed does not.
    public static func calendar(_ events: [Event], name: String, orgZone: TimeZone, now: Date = Date(),
                                lastModified: Bool = true) -> String {
        let shown = events.filter { !$0.deleted && $0.details.timing.kind != .untimed }
            .sorted { ($0.details.timing.sortStart(orgZone: orgZone) ?? .distantPast, $0.id.uuidString)
                      < ($1.details.timing.sortStart(orgZone: orgZone) ?? .distantPast, $1.id.uuidString) }
        return write(shown, name: name, stamp: { _ in utcTime(now) }, lastModified: lastModified)
    }

    /// One event as a CalDAV calendar object resource (RFC 4791 §4.1): a calendar of that event,
    /// its changed dates (RECURRENCE-ID) and the VTIMEZONEs it uses, with no METHOD. DTSTAMP is
    /// when the event last changed, as RFC 5545 has it for a calendar without METHOD, so the
    /// same event always gives the same text and a publisher can tell a change by it. Nil for
    /// an event a calendar cannot hold (deleted, or ongoing with no time).
    public static func resource(_ event: Event) -> String? {
        guard !event.deleted, event.details.timing.kind != .untimed else { return nil }
        return write([event], name: nil, stamp: { utcTime($0.updatedAt) }, lastModified: true)
    }

    /// The VCALENDAR around `events`: METHOD:PUBLISH and X-WR-CALNAME for a whole calendar
    /// (`name`), neither for one resource of a CalDAV collection.
    private static func write(_ shown: [Event], name: String?, stamp: (Event) -> icaltimetype, lastModified: Bool) -> String {
        let calendar = icalcomponent_new(ICAL_VCALENDAR_COMPONENT)!
        defer { icalcomponent_free(calendar) }
        icalcomponent_add_property(calendar, icalproperty_new_prodid("-//Steward//Steward Events//EN"))
        icalcomponent_add_property(calendar, icalproperty_new_version("2.0"))
        icalcomponent_add_property(calendar, icalproperty_new_calscale("GREGORIAN"))
        if let name {
            icalcomponent_add_property(calendar, icalproperty_new_method(ICAL_METHOD_PUBLISH))
            let calendarName = icalproperty_new_x(name)!
            icalproperty_set_x_name(calendarName, "X-WR-CALNAME")
            icalcomponent_add_property(calendar, calendarName)
        }
        for (zone, earliest) in zonesUsed(shown) {
            if let timezone = timezone(zone, from: earliest) { icalcomponent_add_component(calendar, timezone) }
        }
        for event in shown {
            let stamp = stamp(event)
            icalcomponent_add_component(calendar, vevent(event, stamp: stamp, lastModified: lastModified))
            for change in event.details.repeats.changed where !event.details.repeats.cancelled.contains(change.occurrence) {
                icalcomponent_add_component(calendar, override(change, of: event, stamp: stamp, lastModified: lastModified))
            }
        }
        guard let text = icalcomponent_as_ical_string_r(calendar) else { return "" }
        defer { free(text) }
        return String(cString: text)
    }

    // MARK: components

    private static func vevent(_ event: Event, stamp: icaltimetype, lastModified: Bool) -> OpaquePointer {
        let details = event.details
        let component = common(event, stamp: stamp, lastModified: lastModified)
        addTiming(details.timing, to: component)
        addText(title: details.title, location: details.locationName, address: details.address,
                description: details.description, to: component)
        if let coordinate = details.coordinate {
            icalcomponent_add_property(component, icalproperty_new_geo(icalgeotype(lat: coordinate.latitude, lon: coordinate.longitude)))
        }
        if !details.audience.isEmpty {
            icalcomponent_add_property(component, icalproperty_new_categories(details.audience.joined(separator: ",")))
        }
        if let link = details.links.first { icalcomponent_add_property(component, icalproperty_new_url(link.url)) }
        let repeats = details.repeats
        if let rule = repeats.rule {
            icalcomponent_add_property(component, icalproperty_new_rrule(rule.recurrence))
        }
        let zone = zoneName(details.timing)
        for key in repeats.cancelled {
            if let time = occurrenceTime(key, details.timing) {
                icalcomponent_add_property(component, withZone(icalproperty_new_exdate(time), zone))
            }
        }
        for key in repeats.extra {
            guard let time = occurrenceTime(key, details.timing) else { continue }
            var value = icaldatetimeperiodtype()
            value.time = time
            value.period = icalperiodtype_null_period()
            icalcomponent_add_property(component, withZone(icalproperty_new_rdate(value), zone))
        }
        return component
    }

    /// One changed occurrence: the series' UID, RECURRENCE-ID its original start, its own time
    /// (the series' when it keeps it) and text.
    private static func override(_ change: ChangedOccurrence, of event: Event, stamp: icaltimetype, lastModified: Bool) -> OpaquePointer {
        let details = event.details
        let component = common(event, stamp: stamp, lastModified: lastModified)
        if let time = occurrenceTime(change.occurrence, details.timing) {
            icalcomponent_add_property(component, withZone(icalproperty_new_recurrenceid(time), zoneName(details.timing)))
        }
        let own = change.timing ?? details.repeats.series(timing: details.timing)?.timing(ofOccurrence: change.occurrence) ?? details.timing
        addTiming(own, to: component)
        addText(title: change.title.isEmpty ? details.title : change.title,
                location: change.locationName.isEmpty ? details.locationName : change.locationName, address: details.address,
                description: change.description.isEmpty ? details.description : change.description, to: component)
        return component
    }

    private static func common(_ event: Event, stamp: icaltimetype, lastModified: Bool) -> OpaquePointer {
        let component = icalcomponent_new(ICAL_VEVENT_COMPONENT)!
        icalcomponent_add_property(component, icalproperty_new_uid(uid(event.id)))
        icalcomponent_add_property(component, icalproperty_new_dtstamp(stamp))
        icalcomponent_add_property(component, icalproperty_new_sequence(Int32(clamping: event.version)))
        if lastModified { icalcomponent_add_property(component, icalproperty_new_lastmodified(utcTime(event.updatedAt))) }
        return component
    }

    private static func addTiming(_ timing: EventTiming, to component: OpaquePointer) {
        switch timing {
        case .timed(let start, let end, let zone):
            let timeZone = TimeZone(identifier: zone) ?? .gmt
            icalcomponent_add_property(component, withZone(icalproperty_new_dtstart(localTime(start, timeZone)), zone))
            icalcomponent_add_property(component, withZone(icalproperty_new_dtend(localTime(end, timeZone)), zone))
        case .allDay(let first, let last):
            // DTEND is the day after the last, as RFC 5545 counts all-day events.
            icalcomponent_add_property(component, icalproperty_new_dtstart(date(first)))
            icalcomponent_add_property(component, icalproperty_new_dtend(date(last.adding(days: 1))))
        case .untimed:
            break
        }
    }

    private static func addText(title: String, location: String, address: String, description: String, to component: OpaquePointer) {
        icalcomponent_add_property(component, icalproperty_new_summary(title))
        let place = [location, address].filter { !$0.isEmpty }.joined(separator: ", ")
        if !place.isEmpty { icalcomponent_add_property(component, icalproperty_new_location(place)) }
        if !description.isEmpty { icalcomponent_add_property(component, icalproperty_new_description(description)) }
    }

    // MARK: times and zones

    /// Each zone the timed events use, with the earliest start in it.
    private static func zonesUsed(_ events: [Event]) -> [(String, Date)] {
        var earliest: [String: Date] = [:]
        for event in events {
            guard case .timed(let start, _, let zone) = event.details.timing, !isUTC(zone) else { continue }
            earliest[zone] = min(earliest[zone] ?? start, start)
        }
        return earliest.sorted { $0.key < $1.key }
    }

    /// libical's VTIMEZONE for `zone` from the system's zone data, its TZID the zone's own name
    /// (libical prefixes its own), its history cut a year before the first event in it.
    private static func timezone(_ zone: String, from earliest: Date) -> OpaquePointer? {
        guard let builtin = icaltimezone_get_builtin_timezone(zone), let original = icaltimezone_get_component(builtin),
              let component = icalcomponent_new_clone(original) else { return nil }
        if let tzid = icalcomponent_get_first_property(component, ICAL_TZID_PROPERTY) { icalproperty_set_tzid(tzid, zone) }
        icaltimezone_truncate_vtimezone(component, utcTime(earliest.addingTimeInterval(-366 * 86_400)), icaltime_null_time(), 0)
        return component
    }

    private static func isUTC(_ zone: String) -> Bool { zone == "UTC" || zone == "GMT" || zone == "Etc/UTC" }

    private static func zoneName(_ timing: EventTiming) -> String? {
        if case .timed(_, _, let zone) = timing, !isUTC(zone) { return zone }
        return nil
    }

    /// A time property in the event's zone (TZID), or in UTC for a UTC event.
    private static func withZone(_ property: OpaquePointer?, _ zone: String?) -> OpaquePointer? {
        if let property, let zone { icalproperty_add_parameter(property, icalparameter_new_tzid(zone)) }
        return property
    }

    private static func localTime(_ instant: Date, _ zone: TimeZone) -> icaltimetype {
        if isUTC(zone.identifier) { return utcTime(instant) }
        let fields = CivilTime.fields(instant, zone: zone)
        var time = icaltime_null_time()
        time.year = Int32(fields.year); time.month = Int32(fields.month); time.day = Int32(fields.day)
        time.hour = Int32(fields.hour); time.minute = Int32(fields.minute); time.second = Int32(fields.second)
        return time
    }

    /// An occurrence's name as the time it is, in the form of the series' start: local in its
    /// zone, UTC for a UTC series, or a date.
    private static func occurrenceTime(_ key: String, _ timing: EventTiming) -> icaltimetype? {
        guard var time = localTime(key) else { return nil }
        if case .timed(_, _, let zone) = timing, isUTC(zone) { time.zone = icaltimezone_get_utc_timezone() }
        return time
    }

    private static func localTime(_ key: String) -> icaltimetype? {
        guard let isDate = OccurrenceKeys.isDate(key) else { return nil }
        if isDate { return LocalDate(iso: key).map(date) }
        let clock = key.dropFirst(11).split(separator: ":").compactMap { Int32($0) }
        guard let day = LocalDate(iso: String(key.prefix(10))), clock.count >= 2 else { return nil }
        var time = date(day)
        time.is_date = 0
        time.hour = clock[0]; time.minute = clock[1]; time.second = clock.count > 2 ? clock[2] : 0
        return time
    }

    private static func date(_ day: LocalDate) -> icaltimetype {
        var time = icaltime_null_time()
        time.year = Int32(day.year); time.month = Int32(day.month); time.day = Int32(day.day)
        time.is_date = 1
        return time
    }

    private static func utcTime(_ instant: Date) -> icaltimetype {
        icaltime_from_timet_with_zone(time_t(instant.timeIntervalSince1970), 0, icaltimezone_get_utc_timezone())
    }
}
