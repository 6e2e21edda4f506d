import Foundation
import GRDB
import Testing
@testable import StewardCore

/// A cancellation made in the app, as the store applies it (`RideCancellation`) and as it
/// reaches a console through the pull (`RemoteApply`): the driver's passengers are waiting on
/// the board, named as back on the list, and Assign Everyone seats them again moving nobody else.
@Suite("Ride cancellations from the app")
struct RideAppCancellationTests {
    /// The records a store would hold, read from the console's database.
    struct Lookup: RecordLookup {
        var records: [LocalRecord]
        func live(_ entity: String, id: String) -> JSONValue? {
            records.first { $0.entity == entity && $0.key == id && !$0.deleted }?.fields
        }
        func live(_ entity: String, where field: String, is value: String) -> [(id: String, fields: JSONValue)] {
            records.filter { $0.entity == entity && !$0.deleted && $0[field]?.stringValue == value }.map { ($0.key, $0.fields) }
        }
        func every(_ entity: String) -> [(id: String, fields: JSONValue)] {
            records.filter { $0.entity == entity && !$0.deleted }.map { ($0.key, $0.fields) }
        }
    }

    static func lookup(_ f: RideFixture) async throws -> Lookup {
        let org = f.org
        return Lookup(records: try await f.database.writer.read { db in
            try [RecordType.member, .rideOffer, .rideRequest, .rideAssignment].flatMap { try RecordService.live($0, org: org, db) }
        })
    }

    /// Applies the outcome as the pull brings it: the cancelled record, a tombstone per
    /// assignment (no fields, as the store sends it) and the notifications.
    static func pull(_ outcome: RideCancellation.Outcome, side: RideCancellation.Side, id: String, _ f: RideFixture) async throws {
        let org = f.org
        try await f.database.writer.write { db in
            // The console sent everything it made before the app's cancellation.
            try db.execute(sql: "DELETE FROM outbox")
            var records: [RemoteRecord] = []
            if let fields = outcome.fields {
                let version = try side.type.storage.fetch(entity: side.type.entity, id: id, db)!.version + 1
                records.append(RemoteRecord(entity: side.type.entity, id: id, version: version, deleted: false, fields: fields))
            }
            for (assignment, _) in outcome.released {
                let version = try RecordType.rideAssignment.storage.fetch(entity: RecordType.rideAssignment.entity, id: assignment, db)!.version + 1
                records.append(RemoteRecord(entity: RecordType.rideAssignment.entity, id: assignment, version: version, deleted: true,
                                            fields: .object([:])))
            }
            for fields in outcome.notifications {
                records.append(RemoteRecord(entity: RecordType.rideNotification.entity, id: UUID().uuidString.lowercased(), version: 1,
                                            deleted: false, fields: fields))
            }
            for record in records { #expect(try RemoteApply.apply(record, org: org, db) == .applied) }
        }
    }

    @Test("a driver's app cancellation reaches the board: passengers waiting, named, and re-seated moving nobody else")
    func driverCancelsThroughSync() async throws {
        let f = try await RideFixture()
        let sam = try await f.offer("Sam", seats: 1, lat: 35.30)
        _ = try await f.offer("Kim", seats: 2, lat: 35.31)
        let anaMember = try await f.member("Ana")
        _ = try await f.request("Ana", lat: 35.301, member: anaMember)
        _ = try await f.request("Ben", lat: 35.309)
        let first = try await f.service.propose(event: f.event, in: f.org)
        try await f.service.accept(first.diff, basis: first.board.plan, event: f.event, in: f.org)
        let before = try await f.service.board(event: f.event, in: f.org)
        let samPairs = before.plan.filter { $0.driver.description == sam }
        #expect(samPairs.count == 2, "Sam drives one passenger each way")
        let samMember = before.offers.first { $0.key == sam }?["member"]?.stringValue ?? ""

        // Someone else may not cancel Sam's offer; Sam may.
        let lookup = try await Self.lookup(f)
        #expect(throws: RideCancellation.Failure.notYours) {
            _ = try RideCancellation.outcome(.offer, id: sam, member: anaMember, reason: nil, lookup: lookup, zone: f.org.timeZone, now: Date())
        }
        let outcome = try RideCancellation.outcome(.offer, id: sam, member: samMember, reason: "flat tyre", lookup: lookup,
                                                   zone: f.org.timeZone, now: Date())
        #expect(Set(outcome.released.map(\.pair)) == Set(samPairs))
        #expect(outcome.fields?["cancelled"]?.boolValue == true && outcome.fields?["cancelReason"]?.stringValue == "flat tyre")
        let messages = outcome.notifications.compactMap { $0["message"]?.stringValue }
        #expect(messages.allSatisfy { $0.hasSuffix("cancelled; you are back on the list") } && !messages.isEmpty, "\(messages)")
        #expect(outcome.notifications.allSatisfy { $0["member"]?.stringValue != samMember }, "Sam is not told of Sam's cancellation")
        try await Self.pull(outcome, side: .offer, id: sam, f)

        let board = try await f.service.board(event: f.event, in: f.org)
        #expect(board.plan.count == before.plan.count - samPairs.count, "Sam's pairs stop counting")
        #expect(Set(board.released) == Set(samPairs), "the board knows who is back on the list")
        for pair in board.released {
            let request = board.requests.first { $0.key == pair.passenger.description }!
            #expect(board.waiting.contains { $0.request.key == request.key && $0.leg == pair.leg })
            #expect(board.whyWaiting(request, on: pair.leg).hasPrefix("their driver cancelled"))
        }
        let (read, diff) = try await f.service.propose(event: f.event, in: f.org)
        #expect(Set(diff.newlySeated.map(\.passenger)) == Set(samPairs.map(\.passenger)), "Kim takes Sam's passengers")
        #expect(diff.moved.isEmpty && diff.unseated.isEmpty && diff.kept == board.plan.count, "nobody else moves")
        let after = try await f.service.accept(diff, basis: read.plan, event: f.event, in: f.org)
        #expect(after.released.isEmpty, "seated again: nobody is flagged any more")
        // A second cancellation from the app changes nothing.
        let later = try await Self.lookup(f)
        let again = try RideCancellation.outcome(.offer, id: sam, member: samMember, reason: nil, lookup: later, zone: f.org.timeZone, now: Date())
        #expect(again.alreadyCancelled && again.released.isEmpty && again.notifications.isEmpty)
    }

    @Test("a passenger's app cancellation frees the seat and tells the driver, not the passenger")
    func passengerCancels() async throws {
        let f = try await RideFixture()
        let sam = try await f.offer("Sam", seats: 1, lat: 35.30, direction: "to")
        let anaMember = try await f.member("Ana")
        let ana = try await f.request("Ana", lat: 35.301, direction: "to", member: anaMember)
        try await f.service.assign(request: ana, offer: sam, leg: .to, event: f.event, in: f.org)
        let samMember = try await f.service.board(event: f.event, in: f.org).offers[0]["member"]?.stringValue ?? ""
        let lookup = try await Self.lookup(f)
        #expect(throws: RideCancellation.Failure.notFound) {
            _ = try RideCancellation.outcome(.request, id: sam, member: samMember, reason: nil, lookup: lookup, zone: f.org.timeZone, now: Date())
        }
        let outcome = try RideCancellation.outcome(.request, id: ana, member: anaMember, reason: nil, lookup: lookup,
                                                   zone: f.org.timeZone, now: Date())
        #expect(outcome.notifications.map { $0["member"]?.stringValue } == [samMember])
        #expect(outcome.notifications.first?["message"]?.stringValue == "Ana cancelled their ride with you to the event; the seat is free again")
        try await Self.pull(outcome, side: .request, id: ana, f)
        let board = try await f.service.board(event: f.event, in: f.org)
        #expect(board.seatsLeft(offer: board.offers[0], on: .to) == 1)
        #expect(board.released.isEmpty, "nobody waits because of it")
    }
}
