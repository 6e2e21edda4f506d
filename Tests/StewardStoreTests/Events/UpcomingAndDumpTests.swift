import Foundation
import Testing
import StewardCore
@testable import StewardStore

@Suite("Upcoming events and the canonical dump")
struct UpcomingAndDumpTests {
    @Test("upcoming events: ongoing first, then not over, soonest first; deleted and past left out", arguments: Backend.available)
    func upcomingOrdering(backend: Backend) async throws {
        try await TestStore.with(backend, timeZone: "America/New_York") { store in
            let now = Date()
            let zone = TimeZone(identifier: "America/New_York")!
            let today = LocalDate(now, in: zone)
            let ids = (0..<8).map { _ in Fixtures.newRecordId() }
            let mutations: [Mutation] = [
                Fixtures.upsert(1, ids[0], fields: Fixtures.timed("In two days", start: now.addingTimeInterval(2 * 86_400))),
                Fixtures.upsert(2, ids[1], fields: Fixtures.timed("Yesterday", start: now.addingTimeInterval(-86_400))),
                Fixtures.upsert(3, ids[2], fields: Fixtures.untimed("Mural walk")),
                Fixtures.upsert(4, ids[3], fields: Fixtures.timed("Under way", start: now.addingTimeInterval(-30 * 3600), hours: 32)),
                Fixtures.upsert(5, ids[4], fields: Fixtures.allDay("Festival", first: today.adding(days: 5), last: today.adding(days: 6))),
                Fixtures.upsert(6, ids[5], fields: Fixtures.timed("Cancelled", start: now.addingTimeInterval(86_400))),
                Fixtures.delete(7, ids[5], base: 6),
                Fixtures.upsert(8, ids[6], fields: Fixtures.allDay("All today", first: today, last: today)),
                Fixtures.upsert(9, ids[7], fields: Fixtures.allDay("Last week", first: today.adding(days: -7), last: today.adding(days: -6))),
            ]
            let answer = try await store.pushOK(PushRequest(clientId: Fixtures.clientId(), mutations: mutations))
            #expect(answer.results.allSatisfy { $0.status == .applied })

            let response = try await store.upcoming()
            #expect(response.status == .ok)
            let events = try response.decode(UpcomingEventsResponse.self).events
            let titles = events.map { $0.fields["title"]?.stringValue ?? "?" }
            // "Under way" began 30 hours ago, before today's midnight in New York, when
            // "All today" begins.
            #expect(titles == ["Mural walk", "Under way", "All today", "In two days", "Festival"])
            #expect(events.allSatisfy { !$0.deleted && $0.entity == "event" })

            let limited = try await store.upcoming(limit: 2).decode(UpcomingEventsResponse.self).events
            #expect(limited.map { $0.fields["title"]?.stringValue } == ["Mural walk", "Under way"])
        }
    }

    @Test("the dump is the canonical JSON Lines, sorted by id, tombstones included", arguments: Backend.available)
    func dumpFormat(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let a = "00000000-0000-4000-8000-00000000000a"
            let b = "00000000-0000-4000-8000-00000000000b"
            let fields = JSONValue.object(["title": .string("Potluck \"supper\""), "timing": .string("untimed")])
            _ = try await store.pushOK(PushRequest(clientId: Fixtures.clientId(), mutations: [
                Fixtures.upsert(1, b.uppercased(), fields: fields),
                Fixtures.upsert(2, a),
                Fixtures.delete(3, a, base: 2),
            ]))
            let expectedFields = try EventDetails(syncFields: fields).syncFields.canonicalText
            let expected = """
                {"deleted":true,"entity":"event","fields":{},"id":"\(a)","version":3}
                {"deleted":false,"entity":"event","fields":\(expectedFields),"id":"\(b)","version":1}

                """
            #expect(try await store.dump() == expected)
            #expect(expectedFields.contains(#""title":"Potluck \"supper\"""#))
            #expect(expectedFields.hasPrefix(#"{"address":"","audience":[],"contactEmail":null"#))
        }
    }
}
