import Foundation
import Hummingbird
import Testing
import StewardCore
@testable import StewardStore

/// What the apps read of a repeating event: each occurrence as its own item, in
/// `events/upcoming` and in the range read `events?from&to`, with the series' id.
@Suite("Repeating events for the apps")
struct EventSeriesReadTests {
    static let zone = TimeZone(identifier: "America/Chicago")!

    /// A weekly Wednesday 19:00 series in Chicago, 2–23 Dec 2026: the 9th cancelled, the 16th
    /// moved an hour earlier and renamed; and a one-off on the 10th.
    static func push(_ store: TestStore) async throws -> (series: String, once: String) {
        let series = Fixtures.newRecordId(), once = Fixtures.newRecordId()
        let start = DateTimeText.parse("2026-12-02T19:00", zone: zone)!
        let moved = DateTimeText.parse("2026-12-16T18:00", zone: zone)!
        var details = EventDetails(title: "Prayer", locationName: "Chapel",
                                   timing: .timed(start: start, end: start.addingTimeInterval(3600), timeZone: zone.identifier))
        details.repeats = EventRepeats(rule: try RepeatRule("FREQ=WEEKLY;BYDAY=WE;COUNT=4"), cancelled: ["2026-12-09T19:00"],
                                       changed: [ChangedOccurrence(occurrence: "2026-12-16T19:00",
                                                                   timing: .timed(start: moved, end: moved.addingTimeInterval(3600),
                                                                                  timeZone: zone.identifier),
                                                                   title: "Carols")])
        let single = DateTimeText.parse("2026-12-10T12:00", zone: zone)!
        let answer = try await store.pushOK(PushRequest(clientId: Fixtures.clientId(), mutations: [
            Fixtures.upsert(1, series, fields: details.syncFields),
            Fixtures.upsert(2, once, fields: Fixtures.timed("Lunch", start: single, hours: 1, zone: zone.identifier)),
        ]))
        #expect(answer.results.allSatisfy { $0.status == .applied }, "\(answer)")
        return (series, once)
    }

    @Test("the range read lists each occurrence that starts in it, soonest first; unchanged answers are 304", arguments: Backend.available)
    func range(backend: Backend) async throws {
        try await TestStore.with(backend, timeZone: "America/Chicago") { store in
            let (series, once) = try await Self.push(store)
            let path = "/v1/orgs/\(store.org)/events?from=2026-12-01&to=2026-12-31"
            let answer = try await store.request(.get, path, token: store.reader)
            #expect(answer.status == .ok, "\(answer.text)")
            let items = try JSONValue.parse(answer.text)["items"]?.arrayValue ?? []
            #expect(items.map { $0["id"]?.stringValue } == [series, once, series, series])
            #expect(items.map { $0["fields"]?["title"]?.stringValue } == ["Prayer", "Lunch", "Carols", "Prayer"])
            #expect(items.map { $0["fields"]?["startsAt"]?.stringValue }
                    == ["2026-12-03T01:00:00.000Z", "2026-12-10T18:00:00.000Z", "2026-12-17T00:00:00.000Z", "2026-12-24T01:00:00.000Z"])
            #expect(items[2]["fields"]?["occurrence"]?.stringValue == "2026-12-16T19:00")
            #expect(items[1]["fields"]?["occurrence"] == nil)

            // `to` counts whole: the 23rd's occurrence is in a range that ends on the 23rd.
            let last = try await store.request(.get, "/v1/orgs/\(store.org)/events?from=2026-12-23&to=2026-12-23", token: store.reader)
            #expect((try JSONValue.parse(last.text)["items"]?.arrayValue ?? []).count == 1)

            let tag = try #require(answer.headers[.eTag])
            let again = try await store.request(.get, path, token: store.reader, headers: [.ifNoneMatch: tag])
            #expect(again.status == .notModified)

            for bad in ["?from=2026-12-01", "?from=2026-12-31&to=2026-12-01", "?from=2026-01-01&to=2027-01-02", "?from=tomorrow&to=2027-01-01"] {
                let refused = try await store.request(.get, "/v1/orgs/\(store.org)/events\(bad)", token: store.reader)
                #expect(refused.status == .badRequest, "\(bad): \(refused.text)")
            }
        }
    }

    @Test("events/upcoming lists a series' occurrences not over yet, each with the series' id", arguments: Backend.available)
    func upcoming(backend: Backend) async throws {
        try await TestStore.with(backend, timeZone: "America/Chicago") { store in
            let now = Date()
            let series = Fixtures.newRecordId()
            // Daily at this hour from two days ago, five times: today's has not ended, two more come.
            // Whole seconds: the wire carries milliseconds, and a fraction could round either way.
            let start = Date(timeIntervalSince1970: (now.timeIntervalSince1970 - 2 * 86_400 - 600).rounded(.down))
            var details = EventDetails(title: "Vigil", timing: .timed(start: start, end: start.addingTimeInterval(3600), timeZone: "UTC"))
            details.repeats = EventRepeats(rule: try RepeatRule("FREQ=DAILY;COUNT=5"))
            _ = try await store.pushOK(PushRequest(clientId: Fixtures.clientId(), mutations: [Fixtures.upsert(1, series, fields: details.syncFields)]))
            let events = try await store.upcoming().decode(UpcomingEventsResponse.self).events
            #expect(events.count == 3)
            #expect(events.allSatisfy { $0.id == series && $0.fields["title"]?.stringValue == "Vigil" })
            let starts = events.compactMap { $0.fields["startsAt"]?.stringValue.flatMap(DateTimeText.parseUTC) }
            // To the second: an occurrence is named by its local start, which has no fraction.
            #expect(starts.map { Int($0.timeIntervalSince1970) }
                    == [2, 3, 4].map { Int(start.timeIntervalSince1970) + $0 * 86_400 })
            #expect(try await store.upcoming(limit: 1).decode(UpcomingEventsResponse.self).events.count == 1)
        }
    }

    @Test("events/upcoming finds what comes soonest however many series started before it", arguments: Backend.available)
    func upcomingPastManySeries(backend: Backend) async throws {
        try await TestStore.with(backend, timeZone: "UTC") { store in
            let now = Date()
            let start = Date(timeIntervalSince1970: (now.timeIntervalSince1970 - 28 * 86_400).rounded(.down))
            var mutations: [Mutation] = []
            // Three weekly series that began weeks ago, each next three or more days on…
            for index in 0..<3 {
                let first = start.addingTimeInterval(Double(3 + index) * 86_400)
                var details = EventDetails(title: "Weekly \(index)", timing: .timed(start: first, end: first.addingTimeInterval(3600), timeZone: "UTC"))
                details.repeats = EventRepeats(rule: try RepeatRule("FREQ=WEEKLY"))
                mutations.append(Fixtures.upsert(Int64(index + 1), Fixtures.newRecordId(), fields: details.syncFields))
            }
            // …and one event tomorrow, which started after all of them.
            let tomorrow = Date(timeIntervalSince1970: (now.timeIntervalSince1970 + 86_400).rounded(.down))
            mutations.append(Fixtures.upsert(4, Fixtures.newRecordId(), fields: Fixtures.timed("Tomorrow", start: tomorrow)))
            _ = try await store.pushOK(PushRequest(clientId: Fixtures.clientId(), mutations: mutations))
            let first = try await store.upcoming(limit: 1).decode(UpcomingEventsResponse.self).events
            #expect(first.map { $0.fields["title"]?.stringValue } == ["Tomorrow"])
        }
    }
}
