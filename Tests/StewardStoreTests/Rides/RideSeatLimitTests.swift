import Foundation
import Testing
import StewardCore
@testable import StewardStore

/// A ride offer's seats hold on the store, on every backend: the last seat assigned by two
/// staff at once goes to one of them, the other's change is rejected naming the offer.
@Suite("Ride seats on the store")
struct RideSeatLimitTests {
    static func upsert(_ id: Int64, _ entity: String, _ recordId: String, _ fields: [String: JSONValue]) -> Mutation {
        Mutation(id: id, entity: entity, recordId: recordId, operation: .upsert, baseVersion: 0, fields: .object(fields))
    }

    static func request(_ id: Int64, _ recordId: String, event: String, name: String, cancelled: Bool = false) -> Mutation {
        upsert(id, "rideRequest", recordId, [
            "event": .string(event), "guestName": .string(name), "guestPhone": .string("805-555-0100"), "direction": .string("to"),
            "pickupLatitude": .string("35.30"), "pickupLongitude": .string("-120.66"), "departAt": .string("2026-12-04T02:30:00Z"),
            "cancelled": .bool(cancelled),
        ])
    }

    static func assignment(_ id: Int64, event: String, offer: String, request: String) -> Mutation {
        upsert(id, "rideAssignment", Fixtures.newRecordId(),
               ["event": .string(event), "offer": .string(offer), "request": .string(request), "leg": .string("to")])
    }

    /// An event, a member's one-seat offer and three requests (one cancelled), pushed by staff.
    static func board(_ store: TestStore) async throws -> (event: String, offer: String, requests: [String]) {
        let driver = try await store.newMember("sam")
        let event = Fixtures.newRecordId(), offer = Fixtures.newRecordId()
        let requests = [Fixtures.newRecordId(), Fixtures.newRecordId(), Fixtures.newRecordId()]
        let setUp = try await store.pushOK(PushRequest(clientId: Fixtures.clientId("setup"), mutations: [
            Fixtures.upsert(1, event),
            upsert(2, "rideOffer", offer, [
                "event": .string(event), "member": .string(driver.id), "seats": .int(1), "direction": .string("to"),
                "pickupLatitude": .string("35.30"), "pickupLongitude": .string("-120.66"), "radiusKm": .int(5),
                "departAt": .string("2026-12-04T02:30:00Z"),
            ]),
            request(3, requests[0], event: event, name: "Ana"),
            request(4, requests[1], event: event, name: "Ben"),
            request(5, requests[2], event: event, name: "Cy", cancelled: true),
        ]))
        #expect(setUp.results.map(\.status) == Array(repeating: .applied, count: 5), "\(setUp.results)")
        return (event, offer, requests)
    }

    @Test("two staff assigning the last seat at once: one success", arguments: Backend.available)
    func lastSeatOnce(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let (event, offer, requests) = try await Self.board(store)
            let answers = try await withThrowingTaskGroup(of: PushResponse.self) { group in
                for (n, request) in requests.prefix(2).enumerated() {
                    group.addTask {
                        try await store.pushOK(PushRequest(clientId: Fixtures.clientId("staff\(n)"), mutations: [
                            Self.assignment(1, event: event, offer: offer, request: request),
                        ]))
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let statuses = answers.map { $0.results[0].status }.sorted { $0.rawValue < $1.rawValue }
            #expect(statuses == [.applied, .rejected])
            let reason = answers.compactMap { $0.results[0].reason }.first ?? ""
            #expect(reason.hasPrefix("offer: the ride offer \(offer) has no seat left to the event (its 1 seat is taken)"), "\(reason)")
            let stored = try await store.pullAll().records.filter { $0.entity == "rideAssignment" && !$0.deleted }
            #expect(stored.count == 1, "never more riders than seats on the store")
        }
    }

    @Test("a cancelled request, or a passenger already seated on the leg, is refused", arguments: Backend.available)
    func cancelledAndTwice(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let (event, offer, requests) = try await Self.board(store)
            let answer = try await store.pushOK(PushRequest(clientId: Fixtures.clientId("staff"), mutations: [
                Self.assignment(1, event: event, offer: offer, request: requests[2]),
                Self.assignment(2, event: event, offer: offer, request: requests[0]),
                // Same batch, same passenger and leg again.
                Self.assignment(3, event: event, offer: offer, request: requests[0]),
            ]))
            #expect(answer.results.map(\.status) == [.rejected, .applied, .rejected])
            #expect(answer.results[0].reason?.contains("cancelled") == true)
            #expect(answer.results[2].reason?.hasPrefix("request: the passenger already rides with offer \(offer)") == true,
                    "\(answer.results[2].reason ?? "")")
        }
    }

    @Test("a pair that breaks a rule of the solver is rejected, naming the rule", arguments: Backend.available)
    func ruleBroken(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let (event, offer, _) = try await Self.board(store)
            let picky = Fixtures.newRecordId()
            var fields: [String: JSONValue] = [
                "event": .string(event), "guestName": .string("Di"), "guestPhone": .string("805-555-0101"), "direction": .string("to"),
                "pickupLatitude": .string("35.30"), "pickupLongitude": .string("-120.66"), "departAt": .string("2026-12-04T02:30:00Z"),
            ]
            // The offer gives no gender: a wish for a woman driver cannot be met by it.
            fields["driverGender"] = .string("female")
            let answer = try await store.pushOK(PushRequest(clientId: Fixtures.clientId("staff"), mutations: [
                Self.upsert(1, "rideRequest", picky, fields),
                Self.assignment(2, event: event, offer: offer, request: picky),
            ]))
            #expect(answer.results.map(\.status) == [.applied, .rejected])
            #expect(answer.results[1].reason == "request: a gender preference does not hold", "\(answer.results[1].reason ?? "")")
        }
    }
}
