import Foundation
import Testing
@testable import StewardCore

/// Rides for one date of a repeating event: ride records may name the date, checked against
/// the series; the board and the plan work on one date (the next by default); an event that
/// happens once is as before.
@Suite("Rides for one date of a series")
struct RideOccurrenceTests {
    /// Thursdays 19:00 in Los Angeles from 3 Dec 2026, four times, with ride sharing on.
    static let first = DateTimeText.parseUTC("2026-12-04T03:00")!
    static let week1 = "2026-12-03T19:00", week2 = "2026-12-10T19:00"

    static func series(_ f: RideFixture) async throws -> UUID {
        var details = EventDetails(title: "Thursday Bible study",
                                   timing: .timed(start: first, end: first.addingTimeInterval(7200), timeZone: "America/Los_Angeles"),
                                   rideSharing: true)
        details.repeats = EventRepeats(rule: try RepeatRule("FREQ=WEEKLY;COUNT=4"))
        let org = f.org, made = details
        return try await f.database.writer.write { db in try EventService.create(made, in: org, db) }.id
    }

    static func offer(_ f: RideFixture, event: UUID, _ name: String, occurrence: String?) async throws -> String {
        var fields: [String: JSONValue] = [
            "event": .string(UUIDColumn.encode(event)), "member": .string(try await f.member(name)), "seats": .int(2),
            "direction": .string("to"), "pickupPlace": .string(name + "'s place"), "pickupLatitude": .string("35.30"),
            "pickupLongitude": .string("-120.66"), "radiusKm": .int(5), "departAt": .string("2026-12-04T02:30:00Z"),
        ]
        if let occurrence { fields["occurrence"] = .string(occurrence) }
        return try await f.records.create(.rideOffer, fields: .object(fields), in: f.org).key
    }

    static func request(_ f: RideFixture, event: UUID, _ name: String, occurrence: String?) async throws -> String {
        var fields: [String: JSONValue] = [
            "event": .string(UUIDColumn.encode(event)), "guestName": .string(name), "guestPhone": .string("805-555-0100"),
            "direction": .string("to"), "pickupPlace": .string(name + "'s dorm"), "pickupLatitude": .string("35.301"),
            "pickupLongitude": .string("-120.66"), "departAt": .string("2026-12-04T02:35:00Z"),
        ]
        if let occurrence { fields["occurrence"] = .string(occurrence) }
        return try await f.records.create(.rideRequest, fields: .object(fields), in: f.org).key
    }

    @Test("each date has its own board and plan; records naming no date are on the next date's board")
    func boardPerDate() async throws {
        let f = try await RideFixture()
        let event = try await Self.series(f)
        let sam = try await Self.offer(f, event: event, "Sam", occurrence: Self.week1)
        let kim = try await Self.offer(f, event: event, "Kim", occurrence: Self.week2)
        let standing = try await Self.offer(f, event: event, "Lee", occurrence: nil)
        let ana = try await Self.request(f, event: event, "Ana", occurrence: Self.week2)
        let ben = try await Self.request(f, event: event, "Ben", occurrence: Self.week1)

        let second = try await f.service.board(event: event, occurrence: Self.week2, in: f.org)
        #expect(second.occurrence?.occurrence == Self.week2)
        #expect(second.offers.map(\.key) == [kim])
        #expect(second.requests.map(\.key) == [ana])

        // Before the first date, the first is the next: its board, with the standing offer.
        let org = f.org
        let next = try await f.database.writer.read { db in
            try RideBoard.load(eventId: event, org: org, db, now: Self.first.addingTimeInterval(-86_400))
        }
        #expect(next.occurrence?.occurrence == Self.week1)
        #expect(Set(next.offers.map(\.key)) == [sam, standing])
        #expect(next.requests.map(\.key) == [ben])
        // Once the first is over, the second.
        let later = try await f.database.writer.read { db in
            try RideBoard.load(eventId: event, org: org, db, now: Self.first.addingTimeInterval(3 * 3600))
        }
        #expect(later.occurrence?.occurrence == Self.week2)
        #expect(Set(later.offers.map(\.key)) == [kim, standing])

        // The plan of the second date seats its riders, and its seats name the date.
        let (board, diff) = try await f.service.propose(event: event, occurrence: Self.week2, in: f.org)
        #expect(diff.newlySeated.map(\.passenger.description) == [ana])
        try await f.service.accept(diff, basis: board.plan, event: event, occurrence: Self.week2, in: f.org)
        let seats = try await f.records.list(.rideAssignment, in: f.org)
        #expect(seats.map { $0["occurrence"]?.stringValue } == [Self.week2])
        #expect(try await f.service.board(event: event, occurrence: Self.week2, in: f.org).plan.count == 1)
        #expect(try await f.service.board(event: event, occurrence: Self.week1, in: f.org).plan.isEmpty)
    }

    @Test("the page offers the next date first, then those after it; an event that happens once offers none")
    func datesOffered() async throws {
        let f = try await RideFixture()
        let event = try await Self.series(f)
        let dates = try await f.service.dates(of: event, in: f.org, now: Self.first.addingTimeInterval(3 * 3600))
        #expect(dates.map(\.occurrence) == [Self.week2, "2026-12-17T19:00", "2026-12-24T19:00"])
        #expect(try await f.service.dates(of: f.event, in: f.org).isEmpty)
    }

    @Test("a date is checked against the series: not one of its dates, on an event that happens once, or malformed")
    func datesChecked() async throws {
        let f = try await RideFixture()
        let event = try await Self.series(f)
        for (target, date, words) in [(event, "2026-12-05T19:00", "not an occurrence"), (f.event, Self.week1, "only for a repeating event"),
                                      (event, "next thursday", "must be a start")] {
            do {
                _ = try await Self.offer(f, event: target, "Sam", occurrence: date)
                Issue.record("\(date) was stored")
            } catch let error as ValidationError {
                #expect(error.issues.first?.field == "occurrence", "\(error)")
                #expect(error.description.contains(words), "\(error)")
            }
        }
        await #expect(throws: RideBoardError.self) {
            _ = try await f.service.board(event: event, occurrence: "2026-12-05T19:00", in: f.org)
        }
        await #expect(throws: RideBoardError.self) {
            _ = try await f.service.board(event: f.event, occurrence: Self.week1, in: f.org)
        }
        #expect(try await f.records.list(.rideOffer, in: f.org).isEmpty)
    }

    @Test("a seat pairs a driver and a passenger of the same date")
    func sameDate() async throws {
        let f = try await RideFixture()
        let event = try await Self.series(f)
        let sam = try await Self.offer(f, event: event, "Sam", occurrence: Self.week1)
        let ana = try await Self.request(f, event: event, "Ana", occurrence: Self.week2)
        let fields: JSONValue = .object(["event": .string(UUIDColumn.encode(event)), "offer": .string(sam),
                                         "request": .string(ana), "leg": .string("to"), "occurrence": .string(Self.week2)])
        await #expect(throws: ValidationError.self) {
            _ = try await f.records.create(.rideAssignment, fields: fields, in: f.org)
        }
        #expect(try await f.records.list(.rideAssignment, in: f.org).isEmpty)
    }

    @Test("an event that happens once: its board has every record and names no date; its seats name none")
    func singleAsBefore() async throws {
        let f = try await RideFixture()
        _ = try await f.offer("Sam", seats: 1, lat: 35.30)
        _ = try await f.request("Ana", lat: 35.301)
        let (board, diff) = try await f.service.propose(event: f.event, in: f.org)
        #expect(board.occurrence == nil)
        try await f.service.accept(diff, basis: board.plan, event: f.event, in: f.org)
        let seats = try await f.records.list(.rideAssignment, in: f.org)
        #expect(!seats.isEmpty && seats.allSatisfy { $0["occurrence"] == nil })
        guard case .object(let stored)? = seats.first?.fields else { Issue.record("no seat"); return }
        #expect(Set(stored.keys) == ["event", "offer", "request", "leg"])
    }
}
