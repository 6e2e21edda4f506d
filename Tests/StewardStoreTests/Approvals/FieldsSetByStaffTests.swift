import Foundation
import Testing
import Hummingbird
import HummingbirdTesting
import StewardCore
@testable import StewardStore

/// Fields that grant something (an event's passport stamps) are staff's to set: what a member
/// proposes for them is dropped, for a trusted organizer too, on every backend.
@Suite("Fields set by staff")
struct FieldsSetByStaffTests {
    /// An ongoing event at a place, proposing 100 stamps: with it approved, checking in by
    /// position would give them with no code.
    static func stampMint(_ title: String = "My garden party") -> JSONValue {
        var details = EventDetails(title: title, timing: .untimed)
        details.coordinate = Coordinate(latitude: 48.8566, longitude: 2.3522)
        guard case .object(var fields) = details.syncFields else { return .null }
        fields["stampValue"] = .int(100)
        return .object(fields)
    }

    static func id(_ response: TestResponse) throws -> String {
        try #require(try JSONValue.parse(Data(response.body.readableBytesView))["id"]?.stringValue)
    }

    @Test("the stamp value is declared as set by staff in the event's record type")
    func declared() {
        #expect(RecordType.event.field("stampValue")?.isSetByStaff == true)
        #expect(RecordType.event.field("title")?.isSetByStaff == false)
        #expect(RecordType.event.fieldsSetByStaff.map(\.name) == ["stampValue"])
        // A ride's cancellation is staff's too (members cancel through their own endpoint).
        #expect(Set(RecordType.rideOffer.fieldsSetByStaff.map(\.name)) == ["cancelled", "cancelReason"])
        let proposed: JSONValue = .object(["title": .string("Fair"), "stampValue": .int(100)])
        #expect(RecordType.event.droppingFieldsSetByStaff(proposed, keeping: nil) == .object(["title": .string("Fair")]))
        #expect(RecordType.event.droppingFieldsSetByStaff(proposed, keeping: .object(["stampValue": .int(3)]))
                == .object(["title": .string("Fair"), "stampValue": .int(3)]))
    }

    @Test("a member's proposed stamps are dropped: the approved event gives none, and checking in by position is refused",
          arguments: Backend.available)
    func memberCannotMintStamps(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let member = try await store.newMember()
            let submitted = try await store.submit(member, Self.stampMint())
            #expect(submitted.status == .created, "\(submitted.text)")
            let id = try Self.id(submitted)
            let answer = try JSONValue.parse(Data(submitted.body.readableBytesView))
            #expect(answer["event"]?["stampValue"]?.int64Value == 0)
            #expect(try await store.stored("submission", id)?.fields["stampValue"]?.int64Value == 0)

            #expect(try await store.decide(id, "approved").status == .applied)
            let event = try #require(try await store.stored(SyncEntity.event, id))
            #expect(event.fields["stampValue"]?.int64Value == 0)

            let checkIn = try await CheckInTests.checkIn(store, member, event: id, at: (48.8566, 2.3522))
            #expect(checkIn.status == .unprocessableContent, "\(checkIn.text)")
            #expect(checkIn.errorBody?.error == ErrorResponse.Code.notPassportEvent)
            #expect(try await CheckInTests.stamps(store, member: member.id).isEmpty)
        }
    }

    @Test("a trusted organizer's event is published at once without the stamps they proposed",
          arguments: Backend.available)
    func trustedOrganizerCannotMintStamps(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let organizer = try await store.newMember("olive", organizer: true)
            let submitted = try await store.submit(organizer, Self.stampMint())
            #expect(submitted.status == .created, "\(submitted.text)")
            let id = try Self.id(submitted)
            #expect(try await store.submissionStatus(id) == "approved")
            #expect(try await store.stored(SyncEntity.event, id)?.fields["stampValue"]?.int64Value == 0)
            let checkIn = try await CheckInTests.checkIn(store, organizer, event: id, at: (48.8566, 2.3522))
            #expect(checkIn.errorBody?.error == ErrorResponse.Code.notPassportEvent, "\(checkIn.text)")
            #expect(try await CheckInTests.stamps(store, member: organizer.id).isEmpty)
        }
    }

    @Test("stamps staff set on an approved event stay through the organizer's later edits",
          arguments: Backend.available)
    func staffStampsSurviveEdits(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let organizer = try await store.newMember("olive", organizer: true)
            let submitted = try await store.submit(organizer, Self.stampMint())
            let id = try Self.id(submitted)
            // Staff give the event 2 stamps, as the console edits any event.
            let current = try #require(try await store.stored(SyncEntity.event, id))
            guard case .object(var staffFields) = current.fields else { return }
            staffFields["stampValue"] = .int(2)
            let staffEdit = try await store.decide(entity: SyncEntity.event, id: id, fields: staffFields, token: store.admin)
            #expect(staffEdit.status == .applied, "\(staffEdit)")

            // The organizer edits their description and asks for 100 stamps again.
            guard case .object(var edited) = Self.stampMint() else { return }
            edited["description"] = .string("Bring a chair.")
            let response = try await store.edit(organizer, id, .object(edited))
            #expect(response.status == .ok, "\(response.text)")
            let event = try #require(try await store.stored(SyncEntity.event, id))
            #expect(event.fields["description"]?.stringValue == "Bring a chair.")
            #expect(event.fields["stampValue"]?.int64Value == 2)
        }
    }
}
