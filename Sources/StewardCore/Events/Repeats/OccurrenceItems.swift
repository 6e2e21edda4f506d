import Foundation

/// What the apps read of events: each occurrence of a series as an item of its own, the
/// series' record with that occurrence's time (`startsAt`/`endsAt`, or `startDate`/`endDate`),
/// its own title, place and description when it was changed, and its original start under
/// `occurrence`. An event that happens once is its record as stored.
public enum OccurrenceItems {
    /// One item and when it starts (nil: an ongoing event, listed first).
    public struct Item: Sendable {
        public let start: Date?
        public let record: RemoteRecord
    }

    /// The items of `records` (live events) whose occurrence is not over at `now`, ongoing ones
    /// first, then soonest first, at most `limit`; a series is looked at up to `horizon` ahead.
    public static func upcoming(_ records: [RemoteRecord], now: Date, zone: TimeZone, limit: Int,
                                horizon: TimeInterval = 400 * 86_400) -> [RemoteRecord] {
        var items: [Item] = []
        for record in records {
            guard let details = try? EventDetails(syncFields: record.fields) else { continue }
            guard details.repeats.series(timing: details.timing) != nil else {
                items.append(Item(start: details.timing.sortStart(orgZone: zone), record: record))
                continue
            }
            // The longest an occurrence runs is a year: one that started up to then may still be on.
            let occurrences = event(record, details).occurrences(from: now.addingTimeInterval(-366 * 86_400),
                                                                 to: now.addingTimeInterval(horizon), zone: zone)
            for occurrence in occurrences {
                guard let (start, end) = Series.span(occurrence.timing, zone: zone), end > now else { continue }
                items.append(Item(start: start, record: self.record(record, occurrence)))
            }
        }
        return Array(sorted(items).prefix(limit))
    }

    /// The items of `records` whose occurrence starts in `[from, to)`, soonest first.
    public static func starting(_ records: [RemoteRecord], from: Date, to: Date, zone: TimeZone) -> [RemoteRecord] {
        var items: [Item] = []
        for record in records {
            guard let details = try? EventDetails(syncFields: record.fields) else { continue }
            let isSeries = details.repeats.series(timing: details.timing) != nil
            for occurrence in event(record, details).occurrences(from: from, to: to, zone: zone) {
                let start = Series.span(occurrence.timing, zone: zone)?.0
                items.append(Item(start: start, record: isSeries ? self.record(record, occurrence) : record))
            }
        }
        return sorted(items)
    }

    private static func event(_ record: RemoteRecord, _ details: EventDetails) -> Event {
        Event(id: UUID(uuidString: record.id) ?? UUID(), orgId: UUID(), version: record.version, details: details)
    }

    /// The series' record as one occurrence.
    static func record(_ series: RemoteRecord, _ occurrence: EventOccurrence) -> RemoteRecord {
        guard case .object(var fields) = series.fields else { return series }
        fields.merge(TimingField.values(of: occurrence.timing)) { _, own in own }
        fields["title"] = .string(occurrence.title)
        fields["locationName"] = .string(occurrence.locationName)
        fields["description"] = .string(occurrence.description)
        fields["occurrence"] = .string(occurrence.occurrence)
        return RemoteRecord(entity: series.entity, id: series.id, version: series.version, deleted: false, fields: .object(fields))
    }

    /// Soonest first, ongoing ones last; then by id and occurrence, so the same records always
    /// give the same bytes (and entity tag).
    private static func sorted(_ items: [Item]) -> [RemoteRecord] {
        items.sorted { a, b in
            switch (a.start, b.start) {
            case let (x?, y?) where x != y: return x < y
            // Ongoing activities (no time) first, as the console's events page lists them: they
            // are on now, and a limit must not push them off the end.
            case (nil, _?): return true
            case (_?, nil): return false
            default:
                if a.record.id != b.record.id { return a.record.id < b.record.id }
                return (a.record.fields["occurrence"]?.stringValue ?? "") < (b.record.fields["occurrence"]?.stringValue ?? "")
            }
        }.map(\.record)
    }
}
