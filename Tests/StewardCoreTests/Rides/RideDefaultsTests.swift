import Foundation
import Testing
@testable import StewardCore

/// Rides that name no pickup or time of their own take their event's defaults: the event's
/// own pickup, else the organization's (`rideSettings`), and a departure the pickup's gap
/// before the start. The solver, the hand assignment (and its seat rule) and the board's
/// reasons all see them so.
@Suite("Ride default pickups")
struct RideDefaultsTests {
    /// A member's request that gives only its direction: no place, no coordinates, no times.
    static func bareRequest(_ f: RideFixture, _ name: String) async throws -> String {
        let fields: JSONValue = .object(["event": .string(UUIDColumn.encode(f.event)), "member": .string(try await f.member(name)),
                                         "direction": .string("both"), "gender": .string("male")])
        return try await f.records.create(.rideRequest, fields: fields, in: f.org).key
    }

    /// The ministry's default pickup beside the driver's place (35.30, -120.66).
    static func settings(_ f: RideFixture, lat: Double = 35.301, gap: Int64) async throws {
        _ = try await f.records.create(.rideSettings, fields: .object([
            "pickupPlace": .string("PAC"), "pickupLatitude": .double(lat), "pickupLongitude": .double(-120.66),
            "gapMinutes": .int(gap),
        ]), in: f.org)
    }

    @Test("a request without a pickup waits for one, then is seated through the organization's default")
    func matchedThroughTheDefault() async throws {
        let f = try await RideFixture()
        let sam = try await f.offer("Sam", seats: 2, lat: 35.30)
        let ana = try await Self.bareRequest(f, "Ana")
        let before = try await f.service.board(event: f.event, in: f.org)
        let waiting = try #require(before.requests.first { $0.key == ana })
        #expect(before.whyWaiting(waiting, on: .to) == "no pickup place given")
        #expect(before.instance.passengers.isEmpty, "nobody to seat without a pickup")

        // The event starts at 03:00Z; the driver leaves at 02:30Z; riders meet 30 minutes before.
        try await Self.settings(f, gap: 30)
        let (board, diff) = try await f.service.propose(event: f.event, in: f.org)
        #expect(board.defaults.pickup?.place == "PAC" && board.defaults.pickup?.source == .organization)
        #expect(board.defaults.departAt == DateTimeText.parseUTC("2026-12-04T02:30"))
        #expect(Set(diff.answer.assignments) == [RidePair(passenger: RideID(ana), driver: RideID(sam), leg: .to),
                                                 RidePair(passenger: RideID(ana), driver: RideID(sam), leg: .from)],
                "both legs: there at the start less the gap, back at the event's end")
        #expect(board.pickupPlace(of: waiting) == "PAC")
    }

    @Test("the gap shapes the time check: riders told to be there too early leave at no driver's time")
    func gapShapesTheTime() async throws {
        let f = try await RideFixture()
        _ = try await f.offer("Sam", seats: 2, lat: 35.30)
        let ana = try await Self.bareRequest(f, "Ana")
        // 90 minutes before the 03:00Z start is 01:30Z: an hour before the driver leaves.
        try await Self.settings(f, gap: 90)
        let (board, diff) = try await f.service.propose(event: f.event, in: f.org)
        #expect(diff.answer.assignments.map(\.leg) == [.from], "only the ride back, at the event's end")
        #expect(diff.answer.unassigned.map(\.reason) == [.noneAtThatTime])
        let request = try #require(board.requests.first { $0.key == ana })
        #expect(board.whyWaiting(request, on: .to) == RideUnassignedReason.noneAtThatTime.text)
        await #expect(throws: RideBoardError.ruleBroken(.time)) {
            try await f.service.assign(request: ana, offer: board.offers[0].key, leg: .to, event: f.event, in: f.org)
        }
    }

    @Test("an event's own pickup wins over the organization's, and the seat rule reads it")
    func eventPickupWins() async throws {
        let f = try await RideFixture()
        let sam = try await f.offer("Sam", seats: 2, lat: 35.30)
        let ana = try await Self.bareRequest(f, "Ana")
        try await Self.settings(f, gap: 30)
        // The retreat meets at a car park far beyond Sam's 5 km.
        _ = try await f.records.create(.rideEventPickup, fields: .object([
            "event": .string(UUIDColumn.encode(f.event)), "pickupPlace": .string("Church car park"),
            "pickupLatitude": .double(35.60), "pickupLongitude": .double(-120.66), "gapMinutes": .int(30),
        ]), in: f.org)
        let board = try await f.service.board(event: f.event, in: f.org)
        #expect(board.defaults.pickup?.source == .event && board.defaults.pickup?.place == "Church car park")
        await #expect(throws: RideBoardError.ruleBroken(.range)) {
            try await f.service.assign(request: ana, offer: sam, leg: .to, event: f.event, in: f.org)
        }
        // A second pickup for the same event is refused.
        await #expect(throws: ValidationError.self) {
            try await f.records.create(.rideEventPickup, fields: .object([
                "event": .string(UUIDColumn.encode(f.event)), "pickupPlace": .string("PAC"),
                "pickupLatitude": .double(35.30), "pickupLongitude": .double(-120.66), "gapMinutes": .int(30),
            ]), in: f.org)
        }
    }

    @Test("by hand, a request without a pickup is seated through the default, its notification naming the place")
    func assignedByHand() async throws {
        let f = try await RideFixture()
        let sam = try await f.offer("Sam", seats: 2, lat: 35.30)
        let ana = try await Self.bareRequest(f, "Ana")
        try await Self.settings(f, gap: 30)
        _ = try await f.service.assign(request: ana, offer: sam, leg: .to, event: f.event, in: f.org)
        let notes = try await f.records.list(.rideNotification, in: f.org).compactMap { $0["message"]?.stringValue }
        #expect(notes.contains { $0.hasPrefix("You ride with Sam to the event") && $0.hasSuffix("at Sam's place") },
                "the driver's own place: \(notes)")
    }

    @Test("a pickup's coordinates come as a pair, and a place named has them")
    func pickupFieldsChecked() throws {
        let zone = TimeZone(identifier: "America/Los_Angeles")!
        func issues(_ fields: [String: JSONValue]) -> [String] {
            var values: [String: JSONValue] = ["event": .string(UUID().uuidString.lowercased()), "guestName": .string("Ana"),
                                               "guestPhone": .string("805-555-0100"), "direction": .string("to")]
            for (key, value) in fields { values[key] = value }
            do {
                _ = try RecordType.rideRequest.validate(.object(values), orgZone: zone)
                return []
            } catch {
                return error.issues.map(\.field)
            }
        }
        #expect(issues([:]).isEmpty, "no pickup, no time: the defaults")
        #expect(issues(["pickupPlace": .string("Dorm")]) == ["pickup-latitude"])
        #expect(issues(["pickupLatitude": .double(35.3)]) == ["pickup-longitude"])
        #expect(issues(["pickupPlace": .string("Dorm"), "pickupLatitude": .double(35.3), "pickupLongitude": .double(-120.6)]).isEmpty)
        #expect(issues(["sharePhone": .bool(true), "phone": .string("805-555-0101")]).isEmpty)
    }
}
