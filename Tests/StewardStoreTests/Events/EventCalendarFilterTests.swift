import Foundation
import Hummingbird
import Testing
import StewardCore
@testable import StewardStore

/// `calendar=<id>` on the apps' event reads: only that calendar's events, in `events/upcoming`
/// and in the range read; a malformed id is a 400 naming the parameter; and the calendars
/// themselves at `/calendars`.
@Suite("Events filtered by calendar for the apps")
struct EventCalendarFilterTests {
    static let zone = TimeZone(identifier: "America/Chicago")!

    /// Two calendars, an event in each and one in none, each on its own day of next week, so
    /// they are all upcoming and all in the range read.
    static func push(_ store: TestStore) async throws -> (youth: String, services: String, events: [String: String]) {
        let youth = Fixtures.newRecordId(), services = Fixtures.newRecordId()
        var mutations = [
            try KitFixtures.upsert(1, EventCalendar.entity, youth, #"{"name": "Youth", "colour": "green"}"#),
            try KitFixtures.upsert(2, EventCalendar.entity, services, #"{"name": "Sunday Services", "colour": "blue"}"#),
        ]
        var events: [String: String] = [:]
        let base = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 / 86_400).rounded(.down) * 86_400 + 8 * 86_400)
        for (index, (title, calendar)) in [("Youth Night", youth), ("Worship", services), ("Potluck", "")].enumerated() {
            let id = Fixtures.newRecordId()
            events[title] = id
            var details = EventDetails(title: title, timing: .timed(start: base.addingTimeInterval(Double(index) * 86_400),
                                                                    end: base.addingTimeInterval(Double(index) * 86_400 + 3600),
                                                                    timeZone: zone.identifier))
            details.calendar = calendar
            mutations.append(Fixtures.upsert(Int64(3 + index), id, fields: details.syncFields))
        }
        let answer = try await store.pushOK(PushRequest(clientId: Fixtures.clientId(), mutations: mutations))
        #expect(answer.results.allSatisfy { $0.status == .applied }, "\(answer)")
        return (youth, services, events)
    }

    @Test("events/upcoming?calendar= keeps only that calendar's events", arguments: Backend.available)
    func upcoming(backend: Backend) async throws {
        try await TestStore.with(backend, timeZone: "America/Chicago") { store in
            let (youth, services, events) = try await Self.push(store)
            func titles(_ query: String) async throws -> [String] {
                let answer = try await store.request(.get, "/v1/orgs/\(store.org)/events/upcoming\(query)", token: store.reader)
                #expect(answer.status == .ok, "\(answer.text)")
                return try answer.decode(UpcomingEventsResponse.self).events.compactMap { $0.fields["title"]?.stringValue }
            }
            #expect(try await titles("") == ["Youth Night", "Worship", "Potluck"])
            #expect(try await titles("?calendar=\(youth)") == ["Youth Night"])
            // Any spelling of the id.
            #expect(try await titles("?calendar=\(services.uppercased())&limit=1") == ["Worship"])
            #expect(try await titles("?calendar=\(Fixtures.newRecordId())").isEmpty)
            #expect(events.count == 3)

            let refused = try await store.request(.get, "/v1/orgs/\(store.org)/events/upcoming?calendar=youth", token: store.reader)
            #expect(refused.status == .badRequest)
            #expect(refused.text.contains("calendar: must be a calendar's id"), "\(refused.text)")
        }
    }

    @Test("the range read takes calendar= too, and a malformed one is a 400", arguments: Backend.available)
    func range(backend: Backend) async throws {
        try await TestStore.with(backend, timeZone: "America/Chicago") { store in
            let (youth, services, _) = try await Self.push(store)
            let from = LocalDate(Date(), in: Self.zone), to = from.adding(days: 30)
            func titles(_ calendar: String?) async throws -> [String] {
                let path = "/v1/orgs/\(store.org)/events?from=\(from)&to=\(to)" + (calendar.map { "&calendar=\($0)" } ?? "")
                let answer = try await store.request(.get, path, token: store.reader)
                #expect(answer.status == .ok, "\(answer.text)")
                return (try JSONValue.parse(answer.text)["items"]?.arrayValue ?? []).compactMap { $0["fields"]?["title"]?.stringValue }
            }
            #expect(try await titles(nil) == ["Youth Night", "Worship", "Potluck"])
            #expect(try await titles(youth) == ["Youth Night"])
            #expect(try await titles(services) == ["Worship"])

            let refused = try await store.request(.get, "/v1/orgs/\(store.org)/events?from=\(from)&to=\(to)&calendar=12", token: store.reader)
            #expect(refused.status == .badRequest)
            #expect(refused.text.contains("calendar"), "\(refused.text)")
        }
    }

    @Test("members read the calendars whole at /calendars, by name", arguments: Backend.available)
    func calendars(backend: Backend) async throws {
        try await TestStore.with(backend, timeZone: "America/Chicago") { store in
            _ = try await Self.push(store)
            let answer = try await store.request(.get, "/v1/orgs/\(store.org)/calendars", token: store.reader)
            #expect(answer.status == .ok, "\(answer.text)")
            let body = try JSONValue.parse(answer.text)
            #expect(body["entity"] == .string(EventCalendar.entity))
            let items = body["items"]?.arrayValue ?? []
            #expect(items.compactMap { $0["name"]?.stringValue } == ["Sunday Services", "Youth"])
            #expect(items.compactMap { $0["colour"]?.stringValue } == ["blue", "green"])
        }
    }

    @Test("a second calendar of one name is refused, in one batch or a later one", arguments: Backend.available)
    func namesAreUnique(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let answer = try await store.pushOK(PushRequest(clientId: Fixtures.clientId(), mutations: [
                try KitFixtures.upsert(1, EventCalendar.entity, Fixtures.newRecordId(), #"{"name": "Youth", "colour": "green"}"#),
                try KitFixtures.upsert(2, EventCalendar.entity, Fixtures.newRecordId(), #"{"name": "Youth", "colour": "red"}"#),
                try KitFixtures.upsert(3, EventCalendar.entity, Fixtures.newRecordId(), #"{"name": "Outreach", "colour": "orange"}"#),
            ]))
            #expect(answer.results.map(\.status) == [.applied, .rejected, .applied], "\(answer)")
            #expect(answer.results[1].reason?.contains("already called “Youth”") == true, "\(answer)")
            let later = try await store.pushOK(PushRequest(clientId: Fixtures.clientId(), mutations: [
                try KitFixtures.upsert(1, EventCalendar.entity, Fixtures.newRecordId(), #"{"name": "Outreach", "colour": "blue"}"#),
            ]))
            #expect(later.results.map(\.status) == [.rejected])
        }
    }

    @Test("an event naming a calendar the store does not hold is refused", arguments: Backend.available)
    func unknownCalendar(backend: Backend) async throws {
        try await TestStore.with(backend, timeZone: "America/Chicago") { store in
            var details = EventDetails(title: "Lost", timing: .untimed)
            details.calendar = Fixtures.newRecordId()
            let answer = try await store.pushOK(PushRequest(clientId: Fixtures.clientId(), mutations: [
                Fixtures.upsert(1, Fixtures.newRecordId(), fields: details.syncFields)]))
            #expect(answer.results.map(\.status) == [.rejected])
            #expect(answer.results.first?.reason?.hasPrefix("calendar: there is no calendar") == true, "\(answer)")
        }
    }
}
