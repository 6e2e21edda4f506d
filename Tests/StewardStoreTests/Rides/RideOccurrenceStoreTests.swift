import Foundation
import Testing
import StewardCore
@testable import StewardStore

/// Rides for one date of a repeating event on the store, on every backend: a date is checked
/// against the series for staff's pushes and the app's offers, and a seat is counted per date.
@Suite("Rides per date on the store")
struct RideOccurrenceStoreTests {
    static let week1 = "2026-12-03T19:00", week2 = "2026-12-10T19:00"

    /// Thursdays 19:00 in Los Angeles, four times, ride sharing on, pushed by staff.
    static func series(_ store: TestStore) async throws -> String {
        let start = DateTimeText.parseUTC("2026-12-04T03:00")!
        var details = EventDetails(title: "Thursday Bible study",
                                   timing: .timed(start: start, end: start.addingTimeInterval(7200), timeZone: "America/Los_Angeles"),
                                   rideSharing: true)
        details.repeats = EventRepeats(rule: try RepeatRule("FREQ=WEEKLY;COUNT=4"))
        let id = Fixtures.newRecordId()
        let answer = try await store.pushOK(PushRequest(clientId: Fixtures.clientId("staff"),
                                                        mutations: [Fixtures.upsert(1, id, fields: details.syncFields)]))
        #expect(answer.results.map(\.status) == [.applied], "\(answer.results)")
        return id
    }

    static func request(_ id: Int64, _ recordId: String, event: String, name: String, occurrence: String?) -> Mutation {
        var fields: [String: JSONValue] = [
            "event": .string(event), "guestName": .string(name), "guestPhone": .string("805-555-0100"), "direction": .string("to"),
            "pickupLatitude": .string("35.30"), "pickupLongitude": .string("-120.66"), "departAt": .string("2026-12-04T02:30:00Z"),
        ]
        if let occurrence { fields["occurrence"] = .string(occurrence) }
        return RideSeatLimitTests.upsert(id, "rideRequest", recordId, fields)
    }

    static func seat(_ id: Int64, event: String, offer: String, request: String, occurrence: String?) -> Mutation {
        var fields: [String: JSONValue] = ["event": .string(event), "offer": .string(offer), "request": .string(request),
                                           "leg": .string("to")]
        if let occurrence { fields["occurrence"] = .string(occurrence) }
        return RideSeatLimitTests.upsert(id, "rideAssignment", Fixtures.newRecordId(), fields)
    }

    @Test("a one-seat standing offer seats one rider on each date; dates are checked against the series",
          arguments: Backend.available)
    func seatPerDate(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let event = try await Self.series(store)
            let driver = try await store.newMember("sam")
            let offer = Fixtures.newRecordId(), ana = Fixtures.newRecordId(), ben = Fixtures.newRecordId()
            let setUp = try await store.pushOK(PushRequest(clientId: Fixtures.clientId("setup"), mutations: [
                RideSeatLimitTests.upsert(1, "rideOffer", offer, [
                    "event": .string(event), "member": .string(driver.id), "seats": .int(1), "direction": .string("to"),
                    "pickupLatitude": .string("35.30"), "pickupLongitude": .string("-120.66"), "radiusKm": .int(5),
                    "departAt": .string("2026-12-04T02:30:00Z"),
                ]),
                Self.request(2, ana, event: event, name: "Ana", occurrence: Self.week1),
                Self.request(3, ben, event: event, name: "Ben", occurrence: Self.week2),
                Self.request(4, Fixtures.newRecordId(), event: event, name: "Cy", occurrence: "2026-12-04T19:00"),
            ]))
            #expect(setUp.results.map(\.status) == [.applied, .applied, .applied, .rejected], "\(setUp.results)")
            #expect(setUp.results[3].reason?.hasPrefix("occurrence:") == true, "\(setUp.results[3])")

            let seats = try await store.pushOK(PushRequest(clientId: Fixtures.clientId("staff"), mutations: [
                Self.seat(1, event: event, offer: offer, request: ana, occurrence: Self.week1),
                Self.seat(2, event: event, offer: offer, request: ben, occurrence: Self.week2),
                // Ana's request is for the first date: not seated on the second.
                Self.seat(3, event: event, offer: offer, request: ana, occurrence: Self.week2),
            ]))
            #expect(seats.results.map(\.status) == [.applied, .applied, .rejected], "\(seats.results)")
            #expect(seats.results[2].reason?.contains("is for \(Self.week1)") == true, "\(seats.results[2])")
            let stored = try await store.pullAll().records.filter { $0.entity == "rideAssignment" && !$0.deleted }
            #expect(Set(stored.compactMap { $0.fields["occurrence"]?.stringValue }) == [Self.week1, Self.week2])
        }
    }

    @Test("an offer from the app names a date of the series or is refused naming occurrence", arguments: Backend.available)
    func appOffer(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let event = try await Self.series(store)
            let sam = try await store.newMember("sam")
            let path = "/v1/orgs/\(store.org)/me/ride-offers"
            guard case .object(var fields) = RideMemberEndpointTests.offer(event: event) else { return }
            fields["occurrence"] = .string("2026-12-05T19:00")
            let refused = try await store.request(.post, path, token: sam.access, body: store.json(.object(fields)))
            #expect(refused.status == .badRequest, "\(refused.text)")
            #expect(refused.text.contains("occurrence"), "\(refused.text)")
            fields["occurrence"] = .string(Self.week2)
            let offered = try await store.request(.post, path, token: sam.access, body: store.json(.object(fields)))
            #expect(offered.status == .created, "\(offered.text)")
            let id = try JSONValue.parse(Data(offered.body.readableBytesView))["id"]?.stringValue ?? ""
            #expect(try await store.stored("rideOffer", id)?.fields["occurrence"]?.stringValue == Self.week2)
        }
    }
}
