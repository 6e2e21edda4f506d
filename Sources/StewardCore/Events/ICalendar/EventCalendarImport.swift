import CICal
import Foundation
import Translation

/// An iCalendar file read into events, by libical, kept as series rather than expanded: a
/// VEVENT's RRULE, EXDATE and RDATE become the event's `repeat`, `cancelledOccurrences` and
/// `extraOccurrences`, in the form of its start (docs/repeating-events.md); a VEVENT with a
/// RECURRENCE-ID one of its `changedOccurrences` (its own time, title, place and description,
/// each left empty where it is the series'), or a cancelled date when its STATUS is CANCELLED.
/// SUMMARY is the title, DESCRIPTION, LOCATION the place's name, GEO its coordinate, URL the
/// first link, CATEGORIES the audience. Times are in the zone of their TZID (`ICalendarTime`);
/// a zone only the file defines, with no name this computer knows, becomes the organization's,
/// its times the same instants. All-day events (VALUE=DATE) end the day before their DTEND.
/// Nothing here checks the fields: the events' declaration does, as for any input.
public enum EventCalendarImport {
    /// Reads `text` on a thread of its own, for at most `deadline` seconds (as the timetable
    /// feeds are read: a rule no date fits can keep libical searching). `orgZone` places
    /// floating times; `now` is where the walk a rule may take is measured from.
    public static func read(_ text: String, orgZone: TimeZone, now: Date = Date(),
                            deadline: TimeInterval = 20) throws(EventCalendarImportError) -> EventCalendarFile {
        let reading = DeadlineWork { () throws(EventCalendarImportError) -> EventCalendarFile in
            try parse(text, orgZone: orgZone, now: now)
        }
        guard let result = reading.wait(seconds: deadline) else {
            throw EventCalendarImportError(tr("reading it takes more than {seconds} seconds; check its RRULEs for one no date fits (such as BYMONTH=2;BYMONTHDAY=30)",
                                              ["seconds": String(Int(deadline))]))
        }
        return try result.get()
    }

    /// How far ahead a series must be walkable: a rule that makes more dates than a series
    /// walks (`RepeatCost.mostDatesWalked`) before then is refused.
    static let walkedYears = 10

    private static func parse(_ text: String, orgZone: TimeZone, now: Date) throws(EventCalendarImportError) -> EventCalendarFile {
        guard text.contains("BEGIN:VCALENDAR") || text.contains("BEGIN:VEVENT"), let root = icalparser_parse_string(text) else {
            throw EventCalendarImportError(tr("not an iCalendar file (no BEGIN:VCALENDAR)"))
        }
        defer { icalcomponent_free(root) }
        guard icalcomponent_isa(root) == ICAL_VCALENDAR_COMPONENT || icalcomponent_isa(root) == ICAL_VEVENT_COMPONENT else {
            throw EventCalendarImportError(tr("not an iCalendar file (no BEGIN:VCALENDAR)"))
        }
        var components: [OpaquePointer] = []
        if icalcomponent_isa(root) == ICAL_VEVENT_COMPONENT {
            components.append(root)
        } else {
            var event = icalcomponent_get_first_component(root, ICAL_VEVENT_COMPONENT)
            while let current = event {
                components.append(current)
                event = icalcomponent_get_next_component(root, ICAL_VEVENT_COMPONENT)
            }
        }
        let reader = Reader(root: root, orgZone: orgZone,
                            horizon: now.addingTimeInterval(Double(walkedYears) * 365.25 * 86_400))
        var file = EventCalendarFile()
        var masters: [String: Int] = [:]
        var numbers: [String: Int] = [:]
        var cancelledUIDs = Set<String>()
        var overrides: [(number: Int, uid: String, component: OpaquePointer)] = []
        for (index, component) in components.enumerated() {
            let number = index + 1
            let uid = icalcomponent_get_uid(component).map { String(cString: $0) } ?? ""
            let summary = icalcomponent_get_summary(component).map { String(cString: $0) } ?? ""
            func refuse(_ messages: [String]) {
                file.problems.append(EventImportProblem(number: number, uid: uid, title: summary, messages: messages))
            }
            let unread = reader.unreadLines(of: component)
            guard unread.isEmpty else { refuse(unread); continue }
            guard !uid.isEmpty else { refuse([tr("has no UID; every event of a calendar needs one")]); continue }
            guard icaltime_is_null_time(icalcomponent_get_dtstart(component)) == 0 else {
                refuse([tr("has no DTSTART; an event needs a start")])
                continue
            }
            if icaltime_is_null_time(icalcomponent_get_recurrenceid(component)) == 0 {
                overrides.append((number, uid, component))
                continue
            }
            if let first = numbers[uid] {
                refuse([tr("has the UID of event {other}; each event needs its own", ["other": String(first)])])
                continue
            }
            numbers[uid] = number
            if icalcomponent_get_status(component) == ICAL_STATUS_CANCELLED {
                cancelledUIDs.insert(uid)
                file.cancelled.append(ImportedEvent(number: number, uid: uid, fields: ["title": .string(summary)]))
                continue
            }
            do throws(EventCalendarImportError) {
                let event = try reader.event(component, number: number, uid: uid)
                masters[uid] = file.events.count
                file.events.append(event)
            } catch {
                refuse([error.message])
            }
        }
        for (number, uid, component) in overrides {
            guard let index = masters[uid] else {
                if cancelledUIDs.contains(uid) { continue }
                file.problems.append(EventImportProblem(
                    number: number, uid: uid, title: icalcomponent_get_summary(component).map { String(cString: $0) } ?? "",
                    messages: [tr("changes one date (RECURRENCE-ID) of a repeating event the file does not have")]))
                continue
            }
            do throws(EventCalendarImportError) {
                try reader.apply(override: component, to: &file.events[index])
            } catch {
                file.problems.append(EventImportProblem(number: number, uid: uid, title: file.events[index].title,
                                                        messages: [error.message]))
            }
        }
        return file
    }
}

/// Reads one VEVENT at a time, within its calendar (whose VTIMEZONEs define zones).
private struct Reader {
    let root: OpaquePointer
    let orgZone: TimeZone
    let horizon: Date

    /// What libical could not read in a VEVENT (it leaves such a line out and says so in an
    /// X-LIC-ERROR): refused rather than imported without it.
    func unreadLines(of component: OpaquePointer) -> [String] {
        var messages: [String] = []
        var property = icalcomponent_get_first_property(component, ICAL_XLICERROR_PROPERTY)
        while let current = property {
            let problem = icalproperty_get_xlicerror(current).map { String(cString: $0) } ?? ""
            messages.append(tr("has a line that cannot be read: {problem}", ["problem": problem]))
            property = icalcomponent_get_next_property(component, ICAL_XLICERROR_PROPERTY)
        }
        return messages
    }

    func event(_ component: OpaquePointer, number: Int, uid: String) throws(EventCalendarImportError) -> ImportedEvent {
        let timing = try timing(of: component, seriesZone: nil)
        var fields = TimingField.values(of: timing)
        for (key, value) in text(of: component) { fields[key] = .string(value) }
        fields["latitude"] = .null
        fields["longitude"] = .null
        if let property = icalcomponent_get_first_property(component, ICAL_GEO_PROPERTY) {
            let geo = icalproperty_get_geo(property)
            fields["latitude"] = .double(geo.lat)
            fields["longitude"] = .double(geo.lon)
        }
        fields["audience"] = .array(categories(of: component).map(JSONValue.string))

        let rules = properties(component, ICAL_RRULE_PROPERTY)
        if rules.count > 1 {
            throw EventCalendarImportError(tr("has {count} RRULEs; an event repeats by one rule", ["count": String(rules.count)]))
        }
        if !properties(component, ICAL_EXRULE_PROPERTY).isEmpty {
            throw EventCalendarImportError(tr("has an EXRULE, which RFC 5545 no longer has; cancel those dates with EXDATE"))
        }
        fields["repeat"] = .string(rules.first.flatMap { icalproperty_get_value_as_string($0) }.map { String(cString: $0) } ?? "")
        if !rules.isEmpty, RepeatCost.datesWalked(by: component, until: horizon) > Double(RepeatCost.mostDatesWalked) {
            throw EventCalendarImportError(tr("repeats too often for too long: its RRULE makes more than {limit} dates within {years} years from now (check its DTSTART, FREQ and INTERVAL)",
                                              ["limit": String(RepeatCost.mostDatesWalked), "years": String(EventCalendarImport.walkedYears)]))
        }
        var cancelled: [String] = []
        for property in properties(component, ICAL_EXDATE_PROPERTY) {
            cancelled.append(try key(icalproperty_get_exdate(property), of: property, series: timing))
        }
        var extra: [String] = []
        for property in properties(component, ICAL_RDATE_PROPERTY) {
            let value = icalproperty_get_rdate(property)
            let time = icaltime_is_null_time(value.time) == 0 ? value.time : value.period.start
            extra.append(try key(time, of: property, series: timing))
        }
        fields["cancelledOccurrences"] = .array(cancelled.map(JSONValue.string))
        fields["extraOccurrences"] = .array(extra.map(JSONValue.string))
        fields["changedOccurrences"] = .array([])
        var url: String?
        if let property = icalcomponent_get_first_property(component, ICAL_URL_PROPERTY), let text = icalproperty_get_url(property) {
            url = String(cString: text).trimmingCharacters(in: .whitespaces)
        }
        return ImportedEvent(number: number, uid: uid, fields: fields, url: url?.isEmpty == false ? url : nil,
                             location: fields["locationName"]?.stringValue ?? "")
    }

    /// Folds a RECURRENCE-ID VEVENT into its series: a cancelled date, or a changed one with
    /// what differs from the series (the same time, title, place or description left empty).
    func apply(override component: OpaquePointer, to event: inout ImportedEvent) throws(EventCalendarImportError) {
        guard let seriesTiming = TimingField.timing(of: .object(event.fields)) else { return }
        let property = icalcomponent_get_first_property(component, ICAL_RECURRENCEID_PROPERTY)
        let occurrence = try key(icalcomponent_get_recurrenceid(component), of: property, series: seriesTiming)
        if icalcomponent_get_status(component) == ICAL_STATUS_CANCELLED {
            let cancelled = event.fields["cancelledOccurrences"]?.arrayValue ?? []
            event.fields["cancelledOccurrences"] = .array(cancelled + [.string(occurrence)])
            return
        }
        var zone: String?
        if case .timed(_, _, let name) = seriesTiming { zone = name }
        let own = try timing(of: component, seriesZone: zone)
        let given = Series(timing: seriesTiming, rule: nil).timing(ofOccurrence: occurrence)
        let text = text(of: component)
        func differing(_ key: String) -> String {
            let value = text[key] ?? ""
            return value == event.fields[key]?.stringValue ? "" : value
        }
        let change = ChangedOccurrence(occurrence: occurrence, timing: own == given ? nil : own, title: differing("title"),
                                       locationName: differing("locationName"), description: differing("description"))
        let changed = event.fields["changedOccurrences"]?.arrayValue ?? []
        event.fields["changedOccurrences"] = .array(changed + [change.json])
    }

    // MARK: properties

    private func properties(_ component: OpaquePointer, _ kind: icalproperty_kind) -> [OpaquePointer] {
        var found: [OpaquePointer] = []
        var property = icalcomponent_get_first_property(component, kind)
        while let current = property {
            found.append(current)
            property = icalcomponent_get_next_property(component, kind)
        }
        return found
    }

    /// SUMMARY, DESCRIPTION and LOCATION as the fields they fill.
    private func text(of component: OpaquePointer) -> [String: String] {
        func string(_ pointer: UnsafePointer<CChar>?) -> String { pointer.map { String(cString: $0) } ?? "" }
        return ["title": string(icalcomponent_get_summary(component)), "description": string(icalcomponent_get_description(component)),
                "locationName": string(icalcomponent_get_location(component))]
    }

    /// Every CATEGORIES value, in order, each once.
    private func categories(of component: OpaquePointer) -> [String] {
        var words: [String] = []
        for property in properties(component, ICAL_CATEGORIES_PROPERTY) {
            guard let value = icalproperty_get_categories(property) else { continue }
            for word in String(cString: value).split(separator: ",") {
                let trimmed = word.trimmingCharacters(in: .whitespaces)
                if !trimmed.isEmpty, !words.contains(trimmed) { words.append(trimmed) }
            }
        }
        return words
    }

    // MARK: times

    /// The VEVENT's timing: all-day from a DATE start (its DTEND the day after the last, as
    /// RFC 5545 counts), else timed in its start's zone (`seriesZone`, for a changed date, the
    /// series' instead). No end, or one not after the start: an hour, as the editor gives.
    private func timing(of component: OpaquePointer, seriesZone: String?) throws(EventCalendarImportError) -> EventTiming {
        let start = icalcomponent_get_dtstart(component)
        let end = icalcomponent_get_dtend(component)
        let hasEnd = icaltime_is_null_time(end) == 0
        if start.is_date != 0 {
            let first = LocalDate(year: Int(start.year), month: Int(start.month), day: Int(start.day))
            var last = first
            if hasEnd {
                let endDay = LocalDate(year: Int(end.year), month: Int(end.month), day: Int(end.day))
                let exclusive = end.is_date != 0 || (end.hour == 0 && end.minute == 0 && end.second == 0)
                last = max(first, exclusive ? endDay.adding(days: -1) : endDay)
            }
            return .allDay(first: first, last: last)
        }
        let startProperty = icalcomponent_get_first_property(component, ICAL_DTSTART_PROPERTY)
        let resolved = try instant(start, of: startProperty)
        var endsAt = resolved.instant.addingTimeInterval(3600)
        if let endProperty = icalcomponent_get_first_property(component, ICAL_DTEND_PROPERTY), end.is_date == 0 {
            let ending = try instant(icalproperty_get_dtend(endProperty), of: endProperty).instant
            if ending > resolved.instant { endsAt = ending }
        } else if let durationProperty = icalcomponent_get_first_property(component, ICAL_DURATION_PROPERTY) {
            let seconds = icaldurationtype_as_int(icalproperty_get_duration(durationProperty))
            if seconds > 0 { endsAt = resolved.instant.addingTimeInterval(TimeInterval(seconds)) }
        }
        return .timed(start: resolved.instant, end: endsAt, timeZone: seriesZone ?? resolved.zoneName ?? orgZone.identifier)
    }

    private func instant(_ time: icaltimetype, of property: OpaquePointer?) throws(EventCalendarImportError) -> ICalendarTime.Resolved {
        let tzid = ICalendarTime.tzid(of: property)
        guard let resolved = ICalendarTime.resolve(time, tzid: tzid, in: root, floating: orgZone) else {
            throw EventCalendarImportError(tr("names the time zone \"{zone}\", which is neither one this computer knows nor defined by a VTIMEZONE in the file",
                                              ["zone": tzid ?? ""]))
        }
        return resolved
    }

    /// The name of an occurrence (EXDATE, RDATE, RECURRENCE-ID) in the series' form: its date
    /// for an all-day series; else its local start in the series' zone (a date alone at the
    /// series' time of day).
    private func key(_ time: icaltimetype, of property: OpaquePointer?, series: EventTiming) throws(EventCalendarImportError) -> String {
        guard case .timed(let start, _, let zoneName) = series else {
            return LocalDate(year: Int(time.year), month: Int(time.month), day: Int(time.day)).description
        }
        let zone = TimeZone(identifier: zoneName) ?? orgZone
        var local = icaltime_null_time()
        if time.is_date != 0 {
            let clock = CivilTime.fields(start, zone: zone)
            local.year = time.year; local.month = time.month; local.day = time.day
            local.hour = Int32(clock.hour); local.minute = Int32(clock.minute); local.second = Int32(clock.second)
        } else {
            let fields = CivilTime.fields(try instant(time, of: property).instant, zone: zone)
            local.year = Int32(fields.year); local.month = Int32(fields.month); local.day = Int32(fields.day)
            local.hour = Int32(fields.hour); local.minute = Int32(fields.minute); local.second = Int32(fields.second)
        }
        return Series.key(local, allDay: false)
    }
}

/// One VEVENT read: what the calendar says of the event, as its record fields.
public struct ImportedEvent: Sendable {
    /// Its place among the file's VEVENTs (1: the first), as messages name it.
    public let number: Int
    public let uid: String
    /// The fields the calendar gives (title, description, locationName, latitude, longitude,
    /// the timing's keys, audience and the repeat fields), not yet checked.
    public var fields: [String: JSONValue]
    /// URL: the event's first link.
    public var url: String?
    /// LOCATION as written.
    public var location = ""

    public var title: String { fields["title"]?.stringValue ?? "" }
}

/// What keeps one VEVENT from being imported.
public struct EventImportProblem: Sendable, Hashable {
    /// The VEVENT's place in the file (1: the first).
    public let number: Int
    public let uid: String
    public let title: String
    /// The event it would have been, when its UID is known.
    public var id: UUID?
    public let messages: [String]

    public init(number: Int, uid: String, title: String, id: UUID? = nil, messages: [String]) {
        self.number = number
        self.uid = uid
        self.title = title
        self.id = id
        self.messages = messages
    }

    /// "event 3 (UID abc@example.org): repeat: must repeat daily, …", each problem in turn.
    public var text: String {
        tr("event {number} (UID {uid}): {problems}",
           ["number": String(number), "uid": uid.isEmpty ? "?" : uid, "problems": messages.joined(separator: "; ")])
    }
}

/// An iCalendar file read: its events (series with their exceptions folded in), those whose
/// STATUS is CANCELLED (left out), and what could not be read.
public struct EventCalendarFile: Sendable {
    public var events: [ImportedEvent] = []
    public var cancelled: [ImportedEvent] = []
    public var problems: [EventImportProblem] = []
}

/// A file that cannot be read as a calendar at all, or one VEVENT's problem.
public struct EventCalendarImportError: Error, Sendable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
