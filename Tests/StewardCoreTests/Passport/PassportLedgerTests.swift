import Foundation
import Testing
@testable import StewardCore

/// The stamp ledger: append-only, one live stamp per member per event, revocations that
/// reverse, bulk grants previewed before anything is written.
@Suite("Passport stamp ledger")
struct PassportLedgerTests {
    @Test("a grant gives the event's stamps, and a second grant for the same event is refused, naming the first")
    func secondGrantRefused() async throws {
        let f = try await PassportFixture()
        let rosa = try await f.member("Rosa Delgado")
        let fair = try await f.event("Food Fair", stamps: 2)
        let entry = try await f.ledger.grant(member: rosa, event: fair, note: "Paper sheet", in: f.org)
        #expect(entry.stamps == 2)
        #expect(entry.kind == .grant)
        #expect(try await f.ledger.totals(in: f.org).stamps(of: entry.member) == 2)
        do {
            try await f.ledger.grant(member: rosa, event: fair, note: "Again", in: f.org)
            Issue.record("a second stamp for one event must be refused")
        } catch let error as ValidationError {
            let message = try #require(error.message(for: "member"))
            #expect(message.contains("rosa.delgado@mail.example already has a stamp for “Food Fair”"))
            #expect(message.contains(entry.key))
            #expect(message.contains(DateTimeText.local(entry.at, zone: f.org.timeZone)))
        }
        #expect(try await f.ledger.entries(in: f.org).count == 1)
    }

    @Test("a grant needs a note, a member and an event; an event without a stamp value gives an entry of none")
    func grantNeedsItsParts() async throws {
        let f = try await PassportFixture()
        let rosa = try await f.member("Rosa Delgado")
        let fair = try await f.event("Food Fair")
        let unstamped = try await f.event("Staff Meeting", stamps: 0)
        await #expect(throws: ValidationError.self) { try await f.ledger.grant(member: rosa, event: fair, note: "  ", in: f.org) }
        await #expect(throws: ValidationError.self) { try await f.ledger.grant(member: UUID(), event: fair, note: "x", in: f.org) }
        await #expect(throws: ValidationError.self) { try await f.ledger.grant(member: rosa, event: UUID(), note: "x", in: f.org) }
        #expect(try await f.ledger.entries(in: f.org).isEmpty)
        let none = try await f.ledger.grant(member: rosa, event: unstamped, note: "x", in: f.org)
        #expect(none.stamps == 0)
        let reversal = try await f.ledger.revoke(none.id, note: "y", in: f.org)
        #expect(reversal.stamps == 0)
        #expect(try await f.ledger.totals(in: f.org).stamps(of: none.member) == 0)
    }

    @Test("a revocation reverses the total and frees the event for a new grant; a second revocation is refused")
    func revoke() async throws {
        let f = try await PassportFixture()
        let rosa = try await f.member("Rosa Delgado")
        let fair = try await f.event("Food Fair", stamps: 3)
        let walk = try await f.event("Mural Walk", stamps: 1)
        let granted = try await f.ledger.grant(member: rosa, event: fair, note: "Paper sheet", in: f.org)
        try await f.ledger.grant(member: rosa, event: walk, note: "Paper sheet", in: f.org)
        #expect(try await f.ledger.totals(in: f.org).stamps(of: granted.member) == 4)

        let revocation = try await f.ledger.revoke(granted.id, note: "Was not there", in: f.org)
        #expect(revocation.kind == .revoke)
        #expect(revocation.stamps == -3)
        #expect(revocation.reverses == granted.key)
        #expect(revocation.event == granted.event && revocation.member == granted.member)
        let totals = try await f.ledger.totals(in: f.org)
        #expect(totals.stamps(of: granted.member) == 1)
        #expect(totals.reversed == [granted.key])

        do {
            try await f.ledger.revoke(granted.id, note: "Twice", in: f.org)
            Issue.record("a second revocation must be refused")
        } catch let error as ValidationError {
            #expect(error.message(for: "entry")?.contains("already revoked") == true)
        }
        await #expect(throws: ValidationError.self) { try await f.ledger.revoke(revocation.id, note: "x", in: f.org) }
        await #expect(throws: ValidationError.self) { try await f.ledger.revoke(granted.id, note: "", in: f.org) }
        await #expect(throws: RecordServiceError.self) { try await f.ledger.revoke(UUID(), note: "x", in: f.org) }

        // A stamp's id comes from its member and event, as the store's check-ins do: a grant
        // made on another console while offline is the same record, which the store refuses.
        #expect(granted.key == CheckInRules.entryId(member: granted.member, event: granted.event))

        // The revoked entry no longer counts: the member may be granted the event again, as a
        // record of its own (the next round's id).
        let again = try await f.ledger.grant(member: rosa, event: fair, note: "Was there after all", in: f.org)
        #expect(again.key == CheckInRules.entryId(member: granted.member, event: granted.event, round: 1))
        #expect(again.key != granted.key)
        #expect(try await f.ledger.totals(in: f.org).stamps(of: granted.member) == 4)
        // Nothing was changed or removed: four entries, newest first.
        let entries = try await f.ledger.entries(in: f.org)
        #expect(entries.count == 4)
        #expect(entries.map(\.at) == entries.map(\.at).sorted(by: >))
        #expect(try await f.ledger.entries(in: f.org, event: walk).count == 1)
    }

    @Test("stamp entries are append-only: the record service refuses to change, delete or restore one")
    func appendOnly() async throws {
        let f = try await PassportFixture()
        let rosa = try await f.member("Rosa Delgado")
        let entry = try await f.ledger.grant(member: rosa, event: try await f.event("Food Fair"), note: "x", in: f.org)
        let service = RecordService(database: f.database)
        let expected = RecordServiceError.appendOnly("stamp entries are never changed; revoke with a reversing entry")
        await #expect(throws: expected) { try await service.update(.stamp, id: entry.id, changes: ["note": .string("y")], in: f.org) }
        await #expect(throws: expected) { try await service.replace(.stamp, id: entry.id, fields: .object([:]), in: f.org) }
        await #expect(throws: expected) { try await service.delete(.stamp, id: entry.id, in: f.org) }
        await #expect(throws: expected) { try await service.restore(.stamp, id: entry.id, in: f.org) }
        #expect(RecordType.stamp.isAppendOnly && !RecordType.fund.isAppendOnly)
        // Nor can the member or the event the entry names be removed from under it.
        await #expect(throws: RecordServiceError.self) { try await service.delete(.member, id: rosa, in: f.org) }
        let event = try #require(UUID(uuidString: entry.event))
        do {
            try await EventService(database: f.database).delete(event, in: f.org)
            Issue.record("an event with stamp entries must be kept")
        } catch let error as RecordServiceError {
            #expect(error.description == "this event is kept for good: stamp entries name it, and they are never removed")
        }
    }

    @Test("the declaration keeps entries coherent: notes for staff's entries, revocations negative and pointing back")
    func rules() {
        let zone = TimeZone(identifier: "America/New_York")!
        let member = UUID().uuidString.lowercased(), event = UUID().uuidString.lowercased()
        func check(_ kind: StampKind, stamps: Int, note: String = "", reverses: String? = nil) -> ValidationError? {
            do {
                _ = try RecordType.stamp.validate(StampEntry.fields(member: member, event: event, stamps: stamps, kind: kind,
                                                                    by: "staff@city.example", at: Date(), note: note,
                                                                    reverses: reverses), orgZone: zone)
                return nil
            } catch { return error }
        }
        #expect(check(.checkIn, stamps: 1) == nil)
        #expect(check(.grant, stamps: 1)?.message(for: "note") != nil)
        #expect(check(.grant, stamps: -1, note: "x")?.message(for: "stamps") != nil)
        #expect(check(.revoke, stamps: -1, note: "x")?.message(for: "reverses") != nil)
        #expect(check(.revoke, stamps: 1, note: "x", reverses: UUID().uuidString.lowercased())?.message(for: "stamps") != nil)
        #expect(check(.revoke, stamps: 0, note: "x", reverses: UUID().uuidString.lowercased()) == nil)
        #expect(check(.grant, stamps: 1, note: "x", reverses: UUID().uuidString.lowercased())?.message(for: "reverses") != nil)
        #expect(check(.revoke, stamps: -1, note: "x", reverses: UUID().uuidString.lowercased()) == nil)
    }

    @Test("a bulk grant previews who gets a stamp, who has one and which e-mails are unknown, then writes at once")
    func bulk() async throws {
        let f = try await PassportFixture()
        let rosa = try await f.member("Rosa Delgado")
        try await f.member("Marcus Chen")
        try await f.member("Priya Raman")
        let fair = try await f.event("Food Fair", stamps: 2)
        let held = try await f.ledger.grant(member: rosa, event: fair, note: "Checked in with staff", in: f.org)
        let csv = """
            name,email,signed
            Rosa,"Rosa.Delgado@mail.example",yes
            Marcus,marcus.chen@mail.example,yes
            Priya,priya.raman@mail.example,yes
            Marcus again,MARCUS.CHEN@mail.example,yes
            Stranger,nobody@mail.example,yes
            """
        let emails = StampImportCSV.emails(in: csv)
        #expect(emails.count == 5)

        let preview = try await f.ledger.preview(emails: emails, event: fair, in: f.org)
        #expect(preview.granted.map(\.email) == ["marcus.chen@mail.example", "priya.raman@mail.example"])
        #expect(preview.alreadyStamped.map(\.person.email) == ["rosa.delgado@mail.example"])
        #expect(preview.alreadyStamped.first?.entry.key == held.key)
        #expect(preview.unknown == ["nobody@mail.example"])
        #expect(preview.stamps == 2)
        #expect(try await f.ledger.entries(in: f.org).count == 1, "a preview writes nothing")

        let result = try await f.ledger.grantAll(emails: emails, event: fair, note: "Sign-in sheet", in: f.org)
        #expect(result.entries.count == 2)
        #expect(result.entries.allSatisfy { $0.kind == .grant && $0.stamps == 2 && $0.note == "Sign-in sheet" })
        #expect(try await f.ledger.entries(in: f.org).count == 3)
        // Again: everyone has one now.
        let again = try await f.ledger.grantAll(emails: emails, event: fair, note: "Sign-in sheet", in: f.org)
        #expect(again.entries.isEmpty)
        #expect(again.preview.alreadyStamped.count == 3)
    }
}
