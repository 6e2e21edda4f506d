import Foundation
import Testing
import StewardCore
@testable import StewardStore

/// Offers and requests from the app, on every backend: only a signed-in member offers seats
/// (a visitor without an account and a staff token cannot), the offer is the member's own,
/// and an event without ride sharing takes none.
@Suite("Ride offers and requests from the app")
struct RideMemberEndpointTests {
    static func event(_ store: TestStore, rideSharing: Bool) async throws -> String {
        let id = Fixtures.newRecordId()
        guard case .object(var fields) = Fixtures.untimed("Weekly Meeting") else { return id }
        fields["rideSharing"] = .bool(rideSharing)
        let answer = try await store.pushOK(PushRequest(clientId: Fixtures.clientId("staff"), mutations: [Fixtures.upsert(1, id, fields: .object(fields))]))
        #expect(answer.results.map(\.status) == [.applied])
        return id
    }

    static func offer(event: String, member: String = "someone-else") -> JSONValue {
        .object(["event": .string(event), "member": .string(member), "seats": .int(3), "direction": .string("to"),
                 "pickupPlace": .string("Poly Canyon"), "pickupLatitude": .string("35.30"), "pickupLongitude": .string("-120.66"),
                 "radiusKm": .int(5), "departAt": .string("2026-12-04T02:30:00Z"), "gender": .string("female")])
    }

    @Test("a member offers seats and asks for a ride; the records are theirs", arguments: Backend.available)
    func memberOffersAndRequests(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let event = try await Self.event(store, rideSharing: true)
            let sam = try await store.newMember("sam")
            let offered = try await store.request(.post, "/v1/orgs/\(store.org)/me/ride-offers", token: sam.access,
                                                  body: store.json(Self.offer(event: event)))
            #expect(offered.status == .created, "\(offered.text)")
            let id = try JSONValue.parse(Data(offered.body.readableBytesView))["id"]?.stringValue ?? ""
            let stored = try await store.stored("rideOffer", id)
            #expect(stored?.fields["member"]?.stringValue == sam.id, "the member comes from the token, not the body")
            let request: JSONValue = .object(["event": .string(event), "direction": .string("both"), "pickupLatitude": .string("35.31"),
                                              "pickupLongitude": .string("-120.66"), "departAt": .string("2026-12-04T02:35:00Z"),
                                              "returnAt": .string("2026-12-04T05:00:00Z")])
            let asked = try await store.request(.post, "/v1/orgs/\(store.org)/me/ride-requests", token: sam.access, body: store.json(request))
            #expect(asked.status == .created, "\(asked.text)")
        }
    }

    @Test("no account, or a staff token, cannot offer; an event without ride sharing takes no offer", arguments: Backend.available)
    func refusals(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let event = try await Self.event(store, rideSharing: true)
            let path = "/v1/orgs/\(store.org)/me/ride-offers"
            let visitor = try await store.request(.post, path, token: nil, body: store.json(Self.offer(event: event)))
            #expect(visitor.status == .unauthorized)
            let staff = try await store.request(.post, path, token: store.admin, body: store.json(Self.offer(event: event)))
            #expect(staff.status == .forbidden)
            let sam = try await store.newMember("sam")
            let off = try await Self.event(store, rideSharing: false)
            let refused = try await store.request(.post, path, token: sam.access, body: store.json(Self.offer(event: off)))
            #expect(refused.status == .badRequest)
            #expect(refused.text.contains("ride sharing"))
            var tooMany = Self.offer(event: event)
            if case .object(var fields) = tooMany { fields["radiusKm"] = .int(250); tooMany = .object(fields) }
            let invalid = try await store.request(.post, path, token: sam.access, body: store.json(tooMany))
            #expect(invalid.status == .badRequest)
            #expect(invalid.text.contains("radius-km"), "\(invalid.text)")
            let offers = try await store.pullAll().records.filter { $0.entity == "rideOffer" }
            #expect(offers.isEmpty)
        }
    }
}
