import Foundation
import StewardCore

/// The month view's work before its cells are filled, on a month of about 2,000 occurrences:
/// reading the events that can fall in it, expanding their series, sorting the occurrences into
/// the grid's days and finding their clashes. All of it runs off the window's main thread (see
/// `EventsCalendar`); the window then fills 42 cells of a few lines each, so this is what stands
/// between the click and the month's first paint.
///   steward-bench --calendar [--series N] [--runs N]
enum CalendarBenchmark {
    static func run(arguments: [String], folder: URL) async throws -> Bool {
        let series = Benchmarks.value(of: "--series", in: arguments).flatMap(Int.init) ?? 66
        let runs = Benchmarks.value(of: "--runs", in: arguments).flatMap(Int.init) ?? 7
        let database = try AppDatabase.open(path: folder.appendingPathComponent("calendar.sqlite").path)
        let org = try await OrganizationService(database: database)
            .add(slug: "bench-parish", name: "Bench Parish", timeZone: "America/Chicago", kind: .church)
        let zone = org.timeZone
        // Daily series through December 2026, in six rooms.
        var details: [EventDetails] = []
        for index in 0..<series {
            // Series 30 apart share a room and an hour: each clashes with one, every day.
            let minutes: Int = 8 * 60 + (index % 10) * 60 + (index % 3) * 20
            let start = LocalDate(year: 2026, month: 11, day: 20).startOfDay(in: zone).addingTimeInterval(Double(minutes * 60))
            var event = EventDetails(title: "Series \(index)", locationName: "Room \(index % 6)",
                                     timing: .timed(start: start, end: start.addingTimeInterval(45 * 60), timeZone: zone.identifier))
            event.repeats = EventRepeats(rule: try RepeatRule("FREQ=DAILY;COUNT=60"))
            details.append(event)
        }
        try EventService(database: database).insertMany(details, in: org)

        let period = CalendarPeriod(view: .month, anchor: LocalDate(year: 2026, month: 12, day: 1), firstWeekday: 0)
        let range = period.range(zone: zone)
        let (first, count) = period.days
        var times: [Double] = []
        var occurrences = 0, clashing = 0
        for _ in 0..<runs {
            // A new service each time: nothing cached between clicks that a first click would lack.
            let service = EventService(database: database)
            let start = Stopwatch.now()
            let found = try await service.occurrences(in: org, from: range.from, to: range.to)
            let days = CalendarDays(found, first: first, count: count, zone: zone)
            times.append(Stopwatch.milliseconds(since: start))
            occurrences = found.count
            clashing = days.clashes.count
        }
        let met = times.median < 100
        say("""

        Month view of \(occurrences) occurrences (\(series) daily series, \(clashing) of them in a clash), medians of \(runs)
          read + expand + sort into days + find clashes (off the main thread): \(format(times.median, 1)) ms (goal < 100 ms): \(met ? "goal met" : "GOAL MISSED")
          the main thread then fills 42 day cells of at most \(3) lines and "+K more" each
        """)
        return met
    }
}
