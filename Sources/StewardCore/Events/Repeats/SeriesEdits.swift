import CICal
import Foundation
import Translation

/// What can be done to one occurrence of a series, and to it and those that follow: cancel it,
/// change it (another time, title, place or description), or split the series there ("this
/// and following", as Google's and Apple's calendars do: the old series ends before it, a new
/// one starts with it). Each gives new details for the series, checked again by the declaration
/// when written. An occurrence is named by its original start, local to the series' zone
/// (`2026-12-16T19:00`) or its date for all-day series.
extension EventDetails {
    /// The problem's field: the command line's `--occurrence`.
    static let occurrenceField = "occurrence"

    /// The series' occurrence named `key`; refuses one the series does not have.
    public func checkedOccurrence(_ key: String, zone: TimeZone) throws(ValidationError) -> EventOccurrence {
        guard let series = repeats.series(timing: timing) else {
            throw ValidationError(field: Self.occurrenceField, message: tr("is only for a repeating event; this one happens once"))
        }
        let key = FieldParsers.trimmed(key)
        guard OccurrenceKeys.isDate(key) != nil, let start = series.start(of: key, zone: zone) else {
            throw ValidationError(field: Self.occurrenceField, message: series.timing.kind == .allDay
                ? tr("must be a date like 2026-12-02 (got \"{value}\")", ["value": key])
                : tr("must be a local start like 2026-12-02T19:00 (got \"{value}\")", ["value": key]))
        }
        if repeats.cancelled.contains(key) {
            throw ValidationError(field: Self.occurrenceField, message: tr("{occurrence} is cancelled already", ["occurrence": key]))
        }
        // A moved occurrence is found where it is now; the others at their own start.
        let event = Event(orgId: UUID(), details: self)
        let found: [EventOccurrence]
        if let moved = series.moved[key], let (now, _) = Series.span(moved, zone: zone) {
            found = event.occurrences(from: now, to: now.addingTimeInterval(1), zone: zone)
        } else {
            found = event.occurrences(from: start, to: start.addingTimeInterval(1), zone: zone)
        }
        guard let occurrence = found.first(where: { $0.occurrence == key }) else {
            throw ValidationError(field: Self.occurrenceField, message: tr("is not an occurrence of this event: {occurrence} is not one of its dates (see `events occurrences`)",
                                                                          ["occurrence": key]))
        }
        return occurrence
    }

    /// The details of one occurrence as an event of its own: what an edit of it starts from.
    public func details(of occurrence: EventOccurrence) -> EventDetails {
        var single = self
        single.timing = occurrence.timing
        single.title = occurrence.title
        single.locationName = occurrence.locationName
        single.description = occurrence.description
        single.repeats = .none
        return single
    }

    /// The series with `key` cancelled (any change of it dropped).
    public func cancelling(_ key: String, zone: TimeZone) throws(ValidationError) -> EventDetails {
        let occurrence = try checkedOccurrence(key, zone: zone)
        var series = self
        series.repeats.changed.removeAll { $0.occurrence == occurrence.occurrence }
        series.repeats.cancelled = (series.repeats.cancelled + [occurrence.occurrence]).sorted()
        return series
    }

    /// The series with the occurrence `key` as `edited` (the occurrence's details, changed):
    /// its time when it differs from the series' and its title, place and description when they
    /// differ from the series' own. Other fields belong to the whole series: a change of one is
    /// refused, naming it.
    public func changing(_ key: String, to edited: EventDetails, zone: TimeZone) throws(ValidationError) -> EventDetails {
        let occurrence = try checkedOccurrence(key, zone: zone)
        let seriesWide = details(of: occurrence)
        var comparable = edited
        comparable.timing = seriesWide.timing
        comparable.title = seriesWide.title
        comparable.locationName = seriesWide.locationName
        comparable.description = seriesWide.description
        comparable.repeats = .none
        if comparable != seriesWide {
            throw ValidationError(field: Self.occurrenceField, message: tr("one occurrence can change its time, title, location and description; change other fields for the whole series (without --occurrence) or from it on (--following)"))
        }
        guard edited.timing.kind == timing.kind else {
            throw ValidationError(field: TimingField.Part.timing, message: tr("one occurrence keeps the series' kind of timing; change it for the whole series"))
        }
        let own = series(timing: timing)?.timing(ofOccurrence: occurrence.occurrence)
        var change = ChangedOccurrence(occurrence: occurrence.occurrence)
        change.timing = edited.timing == own ? nil : edited.timing
        change.title = edited.title == title ? "" : edited.title
        change.locationName = edited.locationName == locationName ? "" : edited.locationName
        change.description = edited.description == description ? "" : edited.description
        var series = self
        series.repeats.changed.removeAll { $0.occurrence == occurrence.occurrence }
        if change.timing != nil || !change.title.isEmpty || !change.locationName.isEmpty || !change.description.isEmpty {
            series.repeats.changed = (series.repeats.changed + [change]).sorted { $0.occurrence < $1.occurrence }
        }
        return series
    }

    private func series(timing: EventTiming) -> Series? { repeats.series(timing: timing) }
}

extension EventDetails {
    /// "This and following": the series split at the occurrence `key`. The old series (nil
    /// when `key` is its first occurrence, which makes this an edit of all of it) ends just
    /// before it; the new one starts with it as `edited` says (the occurrence's details as
    /// changed), repeats by the same rule for the dates the old one had left, and keeps the
    /// exceptions from `key` on, moved by as much as its start moved.
    public func splitting(at key: String, edited: EventDetails, zone: TimeZone) throws(ValidationError)
        -> (before: EventDetails?, following: EventDetails) {
        let occurrence = try checkedOccurrence(key, zone: zone)
        guard let series = repeats.series(timing: timing), edited.timing.kind == timing.kind,
              let originalStart = series.start(of: occurrence.occurrence, zone: zone),
              let (newStart, _) = Series.span(edited.timing, zone: zone) else {
            throw ValidationError(field: TimingField.Part.timing, message: tr("the dates from this one on keep the series' kind of timing"))
        }
        let allDay = timing.kind == .allDay
        let shift = newStart.timeIntervalSince(originalStart)
        let newZone: TimeZone = {
            if case .timed(_, _, let name) = edited.timing { return TimeZone(identifier: name) ?? zone }
            return zone
        }()
        func moved(_ oldKey: String) -> String? {
            guard let start = series.start(of: oldKey, zone: zone) else { return nil }
            let moved = start.addingTimeInterval(shift)
            if allDay { return LocalDate(moved, in: zone).description }
            let fields = CivilTime.fields(moved, zone: newZone)
            var time = icaltime_null_time()
            time.year = Int32(fields.year); time.month = Int32(fields.month); time.day = Int32(fields.day)
            time.hour = Int32(fields.hour); time.minute = Int32(fields.minute); time.second = Int32(fields.second)
            return Series.key(time, allDay: false)
        }
        let split = occurrence.occurrence
        var following = edited
        following.repeats = EventRepeats(
            rule: repeats.rule.map { rule in
                rule.count > 0 ? rule.counting(rule.count - series.ruleDates(before: split, zone: zone)) : rule
            },
            cancelled: repeats.cancelled.filter { $0 > split }.compactMap(moved).sorted(),
            extra: repeats.extra.filter { $0 > split }.compactMap(moved).sorted(),
            changed: repeats.changed.filter { $0.occurrence > split }.compactMap { change in
                guard let key = moved(change.occurrence) else { return nil }
                var change = change
                change.occurrence = key
                return change
            })
        guard split != series.firstKey else { return (nil, following) }
        var before = self
        before.repeats.rule = repeats.rule?.ending(before: originalStart, allDay: allDay, zone: zone)
        before.repeats.cancelled = repeats.cancelled.filter { $0 < split }
        before.repeats.extra = repeats.extra.filter { $0 < split }
        before.repeats.changed = repeats.changed.filter { $0.occurrence < split }
        return (before, following)
    }
}
