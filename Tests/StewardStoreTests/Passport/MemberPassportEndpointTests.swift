import Foundation
import Testing
import Hummingbird
import HummingbirdTesting
import StewardCore
@testable import StewardStore

/// `GET /v1/orgs/{org}/me/passport`: the member's own stamps with the events that gave them, a
/// revoked one marked, the total, the level and the next one with the prize it unlocks; only
/// their own, and only for a member's token.
@Suite("A member's own passport")
struct MemberPassportEndpointTests {
    static func get(_ store: TestStore, token: String) async throws -> (TestResponse, JSONValue) {
        let response = try await store.request(.get, "/v1/orgs/\(store.org)/me/passport", token: token)
        return (response, (try? JSONValue.parse(Data(response.body.readableBytesView))) ?? .null)
    }

    @Test("stamps with their events, a revoked grant marked, the total, level, next level and what it unlocks",
          arguments: Backend.available)
    func ownPassport(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let bronze = Fixtures.newRecordId(), silver = Fixtures.newRecordId(), shirt = Fixtures.newRecordId()
            let setUp = try await store.pushOK(PushRequest(clientId: Fixtures.clientId("levels"), mutations: [
                RedemptionPushTests.upsert(1, "passportLevel", bronze, ["name": .string("Bronze"), "stamps": .int(3)]),
                RedemptionPushTests.upsert(2, "passportLevel", silver, ["name": .string("Silver"), "stamps": .int(10)]),
                RedemptionPushTests.upsert(3, "prize", shirt, ["name": .string("River Festival T-shirt"),
                                                               "level": .string(silver)]),
            ]))
            #expect(setUp.results.allSatisfy { $0.status == .applied }, "\(setUp.results)")
            let fair = try await CheckInTests.passportEvent(store, fields: CheckInTests.now("Food Fair"), stamps: 3, key: false)
            let swap = try await CheckInTests.passportEvent(store, fields: CheckInTests.now("Book swap"), stamps: 2, key: false)
            let ana = try await store.newMember("ana"), ben = try await store.newMember("ben")
            let start = Date().addingTimeInterval(-3 * 3600)
            try await PassportLedgerIndexTests.push(store, StampEntry.fields(
                member: ana.id, event: fair.id, stamps: 3, kind: .grant, by: "staff", at: start, note: "Paper sheet"))
            let swapGrant = Fixtures.newRecordId()
            try await PassportLedgerIndexTests.push(store, StampEntry.fields(
                member: ana.id, event: swap.id, stamps: 2, kind: .grant, by: "staff", at: start.addingTimeInterval(3600),
                note: "Paper sheet"), id: swapGrant)
            try await PassportLedgerIndexTests.push(store, StampEntry.fields(
                member: ana.id, event: swap.id, stamps: -2, kind: .revoke, by: "staff", at: start.addingTimeInterval(7200),
                note: "Was not there", reverses: swapGrant))
            try await PassportLedgerIndexTests.push(store, StampEntry.fields(
                member: ben.id, event: fair.id, stamps: 3, kind: .grant, by: "staff", at: start, note: "Paper sheet"))

            let (response, passport) = try await Self.get(store, token: ana.access)
            #expect(response.status == .ok, "\(response.text)")
            #expect(passport["stamps"]?.int64Value == 3)
            #expect(passport["level"]?["key"]?.stringValue == "bronze")
            #expect(passport["level"]?["title"]?.stringValue == "Bronze")
            #expect(passport["nextLevel"]?["key"]?.stringValue == "silver")
            #expect(passport["nextLevel"]?["missing"]?.int64Value == 7)
            #expect(passport["nextLevel"]?["unlocks"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == ["River Festival T-shirt"])
            let entries = passport["entries"]?.arrayValue ?? []
            // Newest first: the revocation, the grant it reversed, the fair's grant.
            #expect(entries.compactMap { $0["kind"]?.stringValue } == ["revoke", "grant", "grant"])
            #expect(entries.compactMap { $0["eventTitle"]?.stringValue } == ["Book swap", "Book swap", "Food Fair"])
            #expect(entries.compactMap { $0["revoked"]?.boolValue } == [false, true, false])
            #expect(entries.first?["reverses"]?.stringValue == swapGrant)
            #expect(entries.allSatisfy { $0["by"] == nil && $0["note"] == nil }, "staff's names and notes stay on the console")

            // Ben sees his own three stamps, none of Ana's.
            let (_, his) = try await Self.get(store, token: ben.access)
            #expect(his["entries"]?.arrayValue?.count == 1)
            #expect(his["stamps"]?.int64Value == 3)
        }
    }

    @Test("a member with no stamps gets an empty passport; staff and no token are refused", arguments: Backend.available)
    func emptyAndRefused(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let cy = try await store.newMember("cy")
            let (response, passport) = try await Self.get(store, token: cy.access)
            #expect(response.status == .ok)
            #expect(passport["stamps"]?.int64Value == 0)
            #expect(passport["level"] == .null)
            // The standard levels: bronze at 7 stamps, kept by no record, so no prize names it.
            #expect(passport["nextLevel"]?["key"]?.stringValue == "bronze")
            #expect(passport["nextLevel"]?["missing"]?.int64Value == 7)
            #expect(passport["entries"]?.arrayValue?.isEmpty == true)
            let (staff, _) = try await Self.get(store, token: store.admin)
            #expect(staff.status == .forbidden)
            let anonymous = try await store.request(.get, "/v1/orgs/\(store.org)/me/passport", token: nil)
            #expect(anonymous.status == .unauthorized)
        }
    }
}
