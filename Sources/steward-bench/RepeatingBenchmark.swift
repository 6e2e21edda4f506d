import Foundation
import StewardCore

/// What repeating events cost at scale, against the same number of events that happen once,
/// in one run: 10,000 weekly series (a year old, open-ended) in one organization and 10,000
/// single events spread over the coming year in another.
///   - the month view's read: each of the next twelve months read and expanded
///     (`EventService.occurrences`), both organizations alternately;
///   - `events/upcoming`: the store's answer built from the organization's live records
///     (`OccurrenceItems.upcoming`, what `UpcomingEventsController` serves), 50 items.
/// Each figure is a median of `--runs`, with this / that as the ratio.
///   steward-bench --repeating [--count N] [--runs N]
enum RepeatingBenchmark {
    static func run(arguments: [String], folder: URL) async throws -> Bool {
        let count = Benchmarks.value(of: "--count", in: arguments).flatMap(Int.init) ?? 10_000
        let runs = Benchmarks.value(of: "--runs", in: arguments).flatMap(Int.init) ?? 5
        let database = try AppDatabase.open(path: folder.appendingPathComponent("repeating.sqlite").path)
        let organizations = OrganizationService(database: database)
        let seriesOrg = try await organizations.add(slug: "bench-series", name: "Series", timeZone: "America/Chicago", kind: .church)
        let singlesOrg = try await organizations.add(slug: "bench-singles", name: "Singles", timeZone: "America/Chicago", kind: .church)
        let zone = seriesOrg.timeZone
        let today = LocalDate(Date(), in: zone)
        let yearAgo = today.startOfDay(in: zone).addingTimeInterval(-365 * 86_400)
        let events = EventService(database: database)
        var series: [EventDetails] = [], singles: [EventDetails] = []
        for index in 0..<count {
            // Weekly from a day of last year at one of twelve hours, an hour long.
            let start = yearAgo.addingTimeInterval(Double(index % 7) * 86_400 + Double(8 + index % 12) * 3600)
            var weekly = EventDetails(title: "Series \(index)", locationName: "Room \(index % 40)",
                                      timing: .timed(start: start, end: start.addingTimeInterval(3600), timeZone: zone.identifier))
            weekly.repeats = EventRepeats(rule: try RepeatRule("FREQ=WEEKLY"))
            series.append(weekly)
            // Single events spread evenly over the coming year.
            let once = today.startOfDay(in: zone).addingTimeInterval(Double(index) * 365 * 86_400 / Double(count) + 9 * 3600)
            singles.append(EventDetails(title: "Event \(index)", locationName: "Room \(index % 40)",
                                        timing: .timed(start: once, end: once.addingTimeInterval(3600), timeZone: zone.identifier)))
        }
        try events.insertMany(series, in: seriesOrg)
        try events.insertMany(singles, in: singlesOrg)

        // The month view: the next twelve months, one read each.
        let months = (0..<12).map { offset -> (Date, Date) in
            let first = LocalDate(year: today.year + (today.month - 1 + offset) / 12, month: (today.month - 1 + offset) % 12 + 1, day: 1)
            let next = LocalDate(year: first.year + first.month / 12, month: first.month % 12 + 1, day: 1)
            return (first.startOfDay(in: zone), next.startOfDay(in: zone))
        }
        func year(of org: Organization) async throws -> (ms: Double, occurrences: Int) {
            let start = Stopwatch.now()
            var found = 0
            for (from, to) in months { found += try await EventService(database: database).occurrences(in: org, from: from, to: to).count }
            return (Stopwatch.milliseconds(since: start), found)
        }
        var seriesYear: [Double] = [], singlesYear: [Double] = []
        var seriesOccurrences = 0, singleOccurrences = 0
        for _ in 0..<runs {
            let s = try await year(of: seriesOrg)
            let o = try await year(of: singlesOrg)
            seriesYear.append(s.ms)
            singlesYear.append(o.ms)
            (seriesOccurrences, singleOccurrences) = (s.occurrences, o.occurrences)
        }

        // events/upcoming: the store's answer from each organization's live records.
        func records(of org: Organization) async throws -> [RemoteRecord] {
            try await events.events(for: EventQuery(orgId: org.id, sort: .starts, ascending: true)).map {
                RemoteRecord(entity: SyncEntity.event, id: $0.id.uuidString.lowercased(), version: 1, deleted: false, fields: $0.details.syncFields)
            }
        }
        let seriesRecords = try await records(of: seriesOrg), singleRecords = try await records(of: singlesOrg)
        var seriesUpcoming: [Double] = [], singlesUpcoming: [Double] = []
        for _ in 0..<runs {
            var start = Stopwatch.now()
            _ = OccurrenceItems.upcoming(seriesRecords, now: Date(), zone: zone, limit: 50)
            seriesUpcoming.append(Stopwatch.milliseconds(since: start))
            start = Stopwatch.now()
            _ = OccurrenceItems.upcoming(singleRecords, now: Date(), zone: zone, limit: 50)
            singlesUpcoming.append(Stopwatch.milliseconds(since: start))
        }

        let perMonth = seriesYear.median / 12, singlePerMonth = singlesYear.median / 12
        say("""

        Repeating events at scale: \(count) weekly series against \(count) single events, medians of \(runs)
          month view, a year of months read and expanded: series \(format(seriesYear.median, 0)) ms (\(format(perMonth, 1)) ms a month, \(seriesOccurrences) occurrences), single events \(format(singlesYear.median, 0)) ms (\(format(singlePerMonth, 1)) ms a month, \(singleOccurrences) occurrences)
            series / single events = \(format(seriesYear.median / singlesYear.median)) (per occurrence: \(format((seriesYear.median / Double(max(seriesOccurrences, 1))) / (singlesYear.median / Double(max(singleOccurrences, 1))))))
          events/upcoming (50 items from \(count) live records): series \(format(seriesUpcoming.median, 1)) ms, single events \(format(singlesUpcoming.median, 1)) ms
            series / single events = \(format(seriesUpcoming.median / singlesUpcoming.median))
        """)
        return true
    }
}
