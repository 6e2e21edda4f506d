import Foundation
import Testing
import Hummingbird
import HummingbirdTesting
import StewardCore
@testable import StewardStore

@Suite("The apps' read side: the gym's classes by date range")
struct ClassReadTests {
    /// A class's fields as the console's refresh pushes them (times in UTC).
    static func gymClass(_ name: String, starts: String, minutes: Int = 60, cancelled: Bool = false,
                         removed: Bool = false, featured: Bool = false, note: String = "") throws -> String {
        let start = try #require(DateTimeText.parseUTC(starts))
        return """
            {"name": "\(name)", "description": "", "program": "Yoga", "sessionType": "Group Class",
             "startsAt": \(KitFixtures.instant(start)), "endsAt": \(KitFixtures.instant(start.addingTimeInterval(Double(minutes * 60)))),
             "trainer": "Priya Natarajan", "substitute": false, "cancelled": \(cancelled), "location": "Ironworks",
             "room": "Studio B", "maxCapacity": 25, "webCapacity": 23, "totalBooked": 12, "totalWaitlisted": 0,
             "waitlistAvailable": false, "removed": \(removed), "localNote": "\(note)", "featured": \(featured)}
            """
    }

    /// Europe/Paris is UTC+1 in December: the gym's 7 December runs from 6 December 23:00 UTC.
    static func pushWeek(_ store: TestStore) async throws {
        let classes = [
            try gymClass("Late Sunday", starts: "2026-12-06T22:30"),           // 23:30 on the 6th, Paris
            try gymClass("Sunrise Yoga", starts: "2026-12-06T23:00"),          // 00:00 on the 7th, Paris
            try gymClass("Vinyasa Flow", starts: "2026-12-07T08:30", featured: true, note: "Mats out early"),
            try gymClass("Spin 45", starts: "2026-12-08T11:30", cancelled: true),
            try gymClass("Dropped", starts: "2026-12-09T11:30", removed: true),
            try gymClass("Sunday Close", starts: "2026-12-13T22:30"),          // 23:30 on the 13th, Paris
            try gymClass("Next Monday", starts: "2026-12-13T23:00"),           // 00:00 on the 14th, Paris
        ]
        let mutations = try classes.enumerated().map { index, json in
            try KitFixtures.upsert(Int64(index + 1), RecordType.gymClass.entity, Fixtures.newRecordId(), json)
        }
        let answer = try await store.pushOK(PushRequest(clientId: Fixtures.clientId(), mutations: mutations))
        #expect(answer.results.allSatisfy { $0.status == .applied }, "\(answer.results)")
    }

    func read(_ store: TestStore, _ query: String, headers: HTTPFields = [:]) async throws -> TestResponse {
        try await store.request(.get, "/v1/orgs/\(store.org)/classes\(query)", token: store.reader, headers: headers)
    }

    func names(_ response: TestResponse) throws -> [String] {
        try (JSONValue.parse(response.text)["items"]?.arrayValue ?? []).map { $0["name"]?.stringValue ?? "?" }
    }

    @Test("a week of the gym's days, soonest first, cancelled in and removed out", arguments: Backend.available)
    func week(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            try await Self.pushWeek(store)
            let week = try await read(store, "?from=2026-12-07&to=2026-12-13")
            #expect(week.status == .ok, "\(week.text)")
            #expect(try names(week) == ["Sunrise Yoga", "Vinyasa Flow", "Spin 45", "Sunday Close"])
            let body = try JSONValue.parse(week.text)
            #expect(body["entity"]?.stringValue == "gymClass")
            #expect(body["from"]?.stringValue == "2026-12-07")
            #expect(body["to"]?.stringValue == "2026-12-13")
            let items = body["items"]?.arrayValue ?? []
            let vinyasa = try #require(items.first { $0["name"]?.stringValue == "Vinyasa Flow" })
            #expect(vinyasa["featured"]?.boolValue == true)
            #expect(vinyasa["localNote"]?.stringValue == "Mats out early")
            #expect(vinyasa["startsAt"]?.stringValue == "2026-12-07T08:30:00.000Z")
            #expect((vinyasa["version"]?.int64Value ?? 0) > 0)
            #expect(items.first { $0["name"]?.stringValue == "Spin 45" }?["cancelled"]?.boolValue == true)

            // One day, the first of the range.
            #expect(try names(try await read(store, "?from=2026-12-06&to=2026-12-06")) == ["Late Sunday"])
            // The generic list route is not served for classes: only the range read.
            #expect(!MemberRecords.served.contains { $0.entity == RecordType.gymClass.entity })

            let tag = try #require(week.headers[.eTag])
            let again = try await read(store, "?from=2026-12-07&to=2026-12-13", headers: [.ifNoneMatch: tag])
            #expect(again.status == .notModified)
        }
    }

    @Test("bad ranges are refused with the reason", arguments: Backend.available)
    func badRanges(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            for (query, reason) in [("", "from: required"), ("?from=2026-12-07", "to: required"),
                                    ("?from=7/12/2026&to=2026-12-13", "from: must be a day"),
                                    ("?from=2026-12-13&to=2026-12-07", "to: must not be before from"),
                                    ("?from=2026-01-01&to=2026-12-31", "at most 62 days")] {
                let answer = try await read(store, query)
                #expect(answer.status == .badRequest, "\(query): \(answer.status)")
                #expect(answer.text.contains(reason), "\(query): \(answer.text)")
            }
            let foreign = try await store.request(.get, "/v1/orgs/\(store.foreignOrg)/classes?from=2026-12-07&to=2026-12-13",
                                                  token: store.reader)
            #expect(foreign.status == .forbidden || foreign.status == .unauthorized, "\(foreign.status)")
        }
    }
}
