import Foundation
import Testing
@testable import StewardCore

/// The seat rule declared with the `rideAssignment` type (`RideSeatRules`) refuses, on any
/// console path (here the record kit's own `create`, as `stewardctl ride-assignments add`
/// takes), what `RidePlanService` refuses: a full car, a broken rule, a cancelled request.
@Suite("Ride seat rules")
struct RideSeatRulesTests {
    func assignment(_ f: RideFixture, offer: String, request: String, leg: RideLeg = .to) -> JSONValue {
        .object(["event": .string(UUIDColumn.encode(f.event)), "offer": .string(offer), "request": .string(request),
                 "leg": .string(leg.rawValue)])
    }

    func refusal(_ f: RideFixture, offer: String, request: String) async -> ValidationIssue? {
        do {
            _ = try await f.records.create(.rideAssignment, fields: assignment(f, offer: offer, request: request), in: f.org)
            return nil
        } catch let error as ValidationError {
            return error.issues.first
        } catch {
            return ValidationIssue(field: "?", message: "\(error)")
        }
    }

    @Test("the record kit's own writes keep the seats, the rules and the cancellations")
    func recordKitPath() async throws {
        let f = try await RideFixture()
        let sam = try await f.offer("Sam", seats: 1, lat: 35.30, passengerGender: "female")
        let ana = try await f.request("Ana", lat: 35.301, gender: "female")
        let ben = try await f.request("Ben", lat: 35.301, gender: "male")
        let cy = try await f.request("Cy", lat: 35.302, gender: "female")
        let gender = await refusal(f, offer: sam, request: ben)
        #expect(gender == ValidationIssue(field: "request", message: RideRule.gender.text))
        #expect(await refusal(f, offer: sam, request: ana) == nil)
        let twice = await refusal(f, offer: sam, request: ana)
        #expect(twice?.field == "request" && twice?.message.hasPrefix("the passenger already rides with offer \(sam) to the event") == true,
                "\(String(describing: twice))")
        let full = await refusal(f, offer: sam, request: cy)
        #expect(full == ValidationIssue(field: "offer", message: "the ride offer \(sam) has no seat left to the event (its 1 seat is taken)"))
        _ = try await f.records.update(.rideRequest, id: UUID(uuidString: cy)!, changes: ["cancelled": .bool(true)], in: f.org)
        let cancelled = await refusal(f, offer: sam, request: cy)
        #expect(cancelled == ValidationIssue(field: "request", message: "the ride request \(cy) is cancelled"))
        #expect(try await f.records.list(.rideAssignment, in: f.org).count == 1, "only the allowed one is stored")
    }

    @Test("a proposal reads as lines: who moves from whom to whom, who stays waiting and why")
    func diffLines() async throws {
        let f = try await RideFixture()
        let sam = try await f.offer("Sam", seats: 1, lat: 35.30, direction: "to")
        _ = try await f.offer("Kim", seats: 1, lat: 35.31, direction: "to")
        _ = try await f.request("Ana", lat: 35.301, direction: "to")
        _ = try await f.request("Ben", lat: 35.309, direction: "to")
        _ = try await f.request("Far", lat: 35.90, direction: "to")
        let first = try await f.service.propose(event: f.event, in: f.org)
        let lines = first.diff.lines(on: first.board)
        #expect(lines.map(\.change) == [.newlySeated, .newlySeated, .staysWaiting])
        #expect(lines.last?.passenger == "Far" && lines.last?.after == RideUnassignedReason.noDriverInRange.text)
        #expect(first.diff.summary == "2 newly seated, 0 move, 0 lose their seat, 0 kept; 1 stays waiting")
        try await f.service.accept(first.diff, basis: first.board.plan, event: f.event, in: f.org)
        _ = try await f.records.update(.rideOffer, id: UUID(uuidString: sam)!, changes: ["cancelled": .bool(true)], in: f.org)
        let second = try await f.service.propose(event: f.event, in: f.org)
        let changes = second.diff.lines(on: second.board).filter { $0.change != .staysWaiting }
        // Kim's one seat goes to Ana or Ben; the other loses their seat, their driver having cancelled.
        #expect(changes.count == 2 || changes.count == 1, "\(changes)")
        #expect(changes.contains { $0.change == .losesSeat && $0.before == "Sam" && $0.after.hasPrefix("the driver cancelled") }
                || changes.contains { $0.change == .moves && $0.before == "Sam" && $0.after == "Kim" }, "\(changes)")
    }
}

@Suite("Demo rides")
struct DemoRidesTests {
    @Test("the campus ministry's meeting waits for a plan; the retreat has one, and cancellations to fix")
    func demoRides() async throws {
        let database = try AppDatabase.inMemory()
        let reference = DateTimeText.parseUTC("2026-11-22T12:00")!
        let summary = try DemoDataset(database: database).load(reference: reference)
        #expect(summary.rideRecordsAdded > DemoRides.driverCount + DemoRides.passengerCount)
        let org = try #require(try await OrganizationService(database: database).all().first { $0.kind == .campusMinistry })
        let service = RidePlanService(database: database)
        let events = try await service.events(in: org, now: reference)
        let meeting = try #require(events.first { $0.title == "Thursday Large Group" })
        let retreat = try #require(events.first { $0.title == "Winter Retreat" })
        let board = try await service.board(event: meeting.id, in: org)
        #expect(board.offers.count == DemoRides.driverCount && board.requests.count == DemoRides.passengerCount)
        #expect(board.plan.isEmpty)
        #expect(try await service.propose(event: meeting.id, in: org).diff.newlySeated.count > 150)
        let trip = try await service.board(event: retreat.id, in: org)
        #expect(trip.plan.count > 100)
        #expect(trip.cancelledOffers.count == 1 && trip.cancelledRequests.count == 2)
        let fix = try await service.propose(event: retreat.id, in: org).diff
        #expect(!fix.isEmpty && fix.kept > 100, "the cancellations move few")
        let notes = try await RecordService(database: database).list(.rideNotification, in: org)
        #expect(notes.count >= trip.plan.count, "the plan's riders were told")
    }
}
