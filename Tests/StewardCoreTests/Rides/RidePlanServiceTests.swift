import Foundation
import Testing
@testable import StewardCore

/// A campus ministry's event with stored offers and requests, for the board's tests.
struct RideFixture {
    let database: AppDatabase
    let org: Organization
    let event: UUID
    let service: RidePlanService
    let records: RecordService
    static let start = DateTimeText.parseUTC("2026-12-04T02:30")!

    init(rideSharing: Bool = true) async throws {
        database = try AppDatabase.inMemory()
        org = try await OrganizationService(database: database)
            .add(slug: "cru", name: "Cru at Cal Poly", timeZone: "America/Los_Angeles", kind: .campusMinistry)
        let details = EventDetails(title: "Weekly Meeting", timing: .timed(start: Self.start.addingTimeInterval(1_800),
                                                                           end: Self.start.addingTimeInterval(9_000),
                                                                           timeZone: "America/Los_Angeles"),
                                   rideSharing: rideSharing)
        let org = self.org
        event = try await database.writer.write { db in try EventService.create(details, in: org, db) }.id
        service = RidePlanService(database: database)
        records = RecordService(database: database)
    }

    func member(_ name: String) async throws -> String {
        let fields: JSONValue = .object(["displayName": .string(name), "email": .string(name.lowercased() + "@mail.example"),
                                         "audience": .string("students")])
        let record = LocalRecord(entity: RecordType.member.entity, orgId: org.id, version: 1,
                                 fields: try RecordType.member.validate(fields, orgZone: org.timeZone))
        let org = self.org
        try await database.writer.write { db in try RecordType.member.storage.write(record, org: org, db) }
        return record.key
    }

    func offer(_ name: String, seats: Int, lat: Double, radius: Int = 5, direction: String = "both", gender: String = "female",
               passengerGender: String? = nil) async throws -> String {
        var fields: [String: JSONValue] = [
            "event": .string(UUIDColumn.encode(event)), "member": .string(try await member(name)), "seats": .int(Int64(seats)),
            "direction": .string(direction), "pickupPlace": .string(name + "'s place"), "pickupLatitude": .string(String(lat)),
            "pickupLongitude": .string("-120.66"), "radiusKm": .int(Int64(radius)), "gender": .string(gender),
            "departAt": .string("2026-12-04T02:30:00Z"), "returnAt": .string("2026-12-04T05:00:00Z"),
        ]
        if let passengerGender { fields["passengerGender"] = .string(passengerGender) }
        return try await records.create(.rideOffer, fields: .object(fields), in: org).key
    }

    func request(_ name: String, lat: Double, direction: String = "both", gender: String = "male", member: String? = nil) async throws -> String {
        var fields: [String: JSONValue] = [
            "event": .string(UUIDColumn.encode(event)), "guestName": .string(name), "guestPhone": .string("805-555-0100"),
            "direction": .string(direction), "pickupPlace": .string(name + "'s dorm"), "pickupLatitude": .string(String(lat)),
            "pickupLongitude": .string("-120.66"), "gender": .string(gender),
            "departAt": .string("2026-12-04T02:35:00Z"), "returnAt": .string("2026-12-04T05:00:00Z"),
        ]
        if let member { fields["member"] = .string(member) }
        return try await records.create(.rideRequest, fields: .object(fields), in: org).key
    }
}

@Suite("Ride plan service")
struct RidePlanServiceTests {
    @Test("a proposal seats everyone it can, shows as newly seated, and accepting stores it")
    func proposeAndAccept() async throws {
        let f = try await RideFixture()
        let sam = try await f.offer("Sam", seats: 2, lat: 35.30)
        let ana = try await f.request("Ana", lat: 35.301)
        let ben = try await f.request("Ben", lat: 35.302)
        let cy = try await f.request("Cy", lat: 35.303)
        let (board, diff) = try await f.service.propose(event: f.event, in: f.org)
        #expect(diff.newlySeated.count == 4, "two seats on each of two legs")
        #expect(diff.moved.isEmpty && diff.unseated.isEmpty)
        #expect(diff.answer.unassigned.count == 2 && diff.answer.unassigned.allSatisfy { $0.reason == .allFull })
        // Least distance: the two nearest of the three.
        #expect(Set(diff.answer.assignments.filter { $0.leg == .to }.map(\.passenger.description)) == [ana, ben])
        let after = try await f.service.accept(diff, basis: board.plan, event: f.event, in: f.org)
        #expect(after.plan.count == 4)
        #expect(after.seatsLeft(offer: after.offers[0], on: .to) == 0)
        #expect(try await f.records.list(.rideAssignment, in: f.org).count == 4, "stored through the record kit")
        // Nothing better to propose now.
        #expect(try await f.service.propose(event: f.event, in: f.org).diff.isEmpty)
        _ = (sam, cy)
    }

    @Test("a driver's cancellation puts their passengers back and the re-plan moves nobody else")
    func cancellation() async throws {
        let f = try await RideFixture()
        let sam = try await f.offer("Sam", seats: 1, lat: 35.30)
        _ = try await f.offer("Kim", seats: 2, lat: 35.31)
        _ = try await f.request("Ana", lat: 35.301)
        _ = try await f.request("Ben", lat: 35.309)
        let first = try await f.service.propose(event: f.event, in: f.org)
        try await f.service.accept(first.diff, basis: first.board.plan, event: f.event, in: f.org)
        let before = try await f.service.board(event: f.event, in: f.org).plan
        #expect(before.count == 4)
        _ = try await f.records.update(.rideOffer, id: UUID(uuidString: sam)!, changes: ["cancelled": .bool(true), "cancelReason": .string("car broke down")], in: f.org)
        let (board, diff) = try await f.service.propose(event: f.event, in: f.org)
        let samPairs = before.filter { $0.driver.description == sam }
        #expect(Set(diff.moved.map(\.from)) == Set(samPairs), "only Sam's passengers move")
        #expect(diff.kept == before.count - samPairs.count)
        #expect(diff.unseated.isEmpty, "Kim has room for them")
        try await f.service.accept(diff, basis: board.plan, event: f.event, in: f.org)
        #expect(try await f.service.board(event: f.event, in: f.org).plan.allSatisfy { $0.driver.description != sam })
    }

    @Test("assigning by hand refuses a broken rule, naming it, and a full car")
    func assignRefusals() async throws {
        let f = try await RideFixture()
        let womenOnly = try await f.offer("Sam", seats: 1, lat: 35.30, passengerGender: "female")
        let far = try await f.offer("Kim", seats: 1, lat: 35.60)
        let ana = try await f.request("Ana", lat: 35.301, gender: "female")
        let ben = try await f.request("Ben", lat: 35.301, gender: "male")
        await #expect(throws: RideBoardError.ruleBroken(.gender)) {
            try await f.service.assign(request: ben, offer: womenOnly, leg: .to, event: f.event, in: f.org)
        }
        await #expect(throws: RideBoardError.ruleBroken(.range)) {
            try await f.service.assign(request: ben, offer: far, leg: .to, event: f.event, in: f.org)
        }
        try await f.service.assign(request: ana, offer: womenOnly, leg: .to, event: f.event, in: f.org)
        await #expect(throws: RideBoardError.alreadySeated(leg: .to)) {
            try await f.service.assign(request: ana, offer: womenOnly, leg: .to, event: f.event, in: f.org)
        }
        let cy = try await f.request("Cy", lat: 35.301, gender: "female")
        await #expect(throws: RideBoardError.full(leg: .to)) {
            try await f.service.assign(request: cy, offer: womenOnly, leg: .to, event: f.event, in: f.org)
        }
        try await f.service.unassign(request: ana, leg: .to, event: f.event, in: f.org)
        let board = try await f.service.board(event: f.event, in: f.org)
        #expect(board.seatsLeft(offer: board.offers.first { $0.key == womenOnly }!, on: .to) == 1, "the seat is free again")
    }

    @Test("each member affected by a change gets a notification; a driver's cancellation says so")
    func notifications() async throws {
        let f = try await RideFixture()
        let sam = try await f.offer("Sam", seats: 1, lat: 35.30, direction: "to")
        let ana = try await f.member("Ana")
        _ = try await f.request("Ana", lat: 35.301, direction: "to", member: ana)
        let first = try await f.service.propose(event: f.event, in: f.org)
        try await f.service.accept(first.diff, basis: first.board.plan, event: f.event, in: f.org)
        var notes = try await f.records.list(.rideNotification, in: f.org)
        // 18:30 in Los Angeles, where the ministry is.
        #expect(notes.first { $0["member"]?.stringValue == ana }?["message"]?.stringValue
                == "You ride with Sam to the event, 2026-12-03T18:30 at Sam's place")
        #expect(notes.contains { $0["message"]?.stringValue == "Ana rides with you to the event" })
        _ = try await f.records.update(.rideOffer, id: UUID(uuidString: sam)!, changes: ["cancelled": .bool(true)], in: f.org)
        let second = try await f.service.propose(event: f.event, in: f.org)
        #expect(second.diff.unseated.count == 1)
        try await f.service.accept(second.diff, basis: second.board.plan, event: f.event, in: f.org)
        notes = try await f.records.list(.rideNotification, in: f.org)
        let anaNotes = notes.filter { $0["member"]?.stringValue == ana }.map { $0["message"]?.stringValue ?? "" }
        #expect(anaNotes.contains("Your driver for the ride to the event cancelled; you are back on the list"), "\(anaNotes)")
        // Guests have no account: a guest's ride makes a note for the driver only.
        let before = notes.count
        let kim = try await f.offer("Kim", seats: 1, lat: 35.30, direction: "to")
        let guest = try await f.request("Bo", lat: 35.301, direction: "to")
        try await f.service.assign(request: guest, offer: kim, leg: .to, event: f.event, in: f.org)
        #expect(try await f.records.list(.rideNotification, in: f.org).count == before + 1)
    }

    @Test("an event without ride sharing has no plan")
    func rideSharingOff() async throws {
        let f = try await RideFixture(rideSharing: false)
        await #expect(throws: RideBoardError.self) { try await f.service.propose(event: f.event, in: f.org) }
    }

    @Test("an offer needs coordinates on the earth; a time it leaves out is the event's default, not a mistake")
    func offerRules() async throws {
        let f = try await RideFixture()
        let member = try await f.member("Sam")
        let fields: JSONValue = .object([
            "event": .string(UUIDColumn.encode(f.event)), "member": .string(member), "seats": .int(3), "direction": .string("both"),
            "pickupLatitude": .string("135"), "pickupLongitude": .string("-120.66"), "radiusKm": .int(5),
            "departAt": .string("2026-12-04T02:30:00Z"),
        ])
        #expect {
            try RecordType.rideOffer.validate(fields, orgZone: f.org.timeZone)
        } throws: { error in
            let fields = (error as? ValidationError)?.issues.map(\.field) ?? []
            return fields.contains("pickup-latitude") && !fields.contains("return-at")
        }
    }
}
