import Foundation
import GRDB
import Testing
@testable import StewardCore

@Suite struct HistoryTests {
    func history(_ f: SyncFixture, _ id: UUID) async throws -> [RecordHistoryEntry] {
        try await HistoryService(database: f.database).history(entity: SyncEntity.event, recordId: id)
    }

    @Test func everyLocalEditIsRecordedWithItsAuthorNewestFirst() async throws {
        let f = try await SyncFixture()
        let event = try await f.create("Choir")
        try await f.rename(event.id, "Choir practice")
        try await f.rename(event.id, "Choir practice")
        try await f.events.delete(event.id, in: f.org)
        try await f.events.restore(event.id, in: f.org)
        let copy = try await f.events.duplicate(event.id, in: f.org)

        let entries = try await history(f, event.id)

        #expect(entries.map(\.summary) == ["Created", "Deleted", "Changed title", "Created"])
        #expect(entries.map(\.operation) == [.upsert, .delete, .upsert, .upsert])
        #expect(entries.allSatisfy { $0.author == "this console (\(HistoryLog.loginName))" && $0.origin == .console })
        #expect(entries.allSatisfy { $0.isPending })
        let rename = entries[2].changes
        #expect(rename == [FieldChange(field: "title", old: .string("Choir"), new: .string("Choir practice"))])
        #expect(try await history(f, copy.id).map(\.summary) == ["Created"])
    }

    @Test func aCreationKeepsItsFirstFieldsThroughCoalescingAndThePush() async throws {
        let f = try await SyncFixture()
        let event = try await f.create("Choir")
        // Before any push, the creation reads its fields from the outbox entry it came with.
        let pending = try await history(f, event.id)
        #expect(pending.map(\.summary) == ["Created"])
        #expect(pending[0].changes.contains(FieldChange(field: "title", old: nil, new: .string("Choir"))))
        let stored: String? = try await f.read { db in try String.fetchOne(db, sql: "SELECT changes FROM recordHistory") }
        #expect(stored == "", "a pending creation keeps no second copy of its fields")

        // The edit makes the push send only the newest entry; the creation's entry leaves the
        // outbox unsent, and its fields move into the history as it goes.
        try await f.rename(event.id, "Choir rehearsal")
        try await f.engine().sync(org: f.org)

        let entries = try await history(f, event.id)
        #expect(entries.map(\.summary) == ["Changed title", "Created"])
        #expect(entries[1].changes.contains(FieldChange(field: "title", old: nil, new: .string("Choir"))))
        // Every field of the first version, as the pending entry showed it.
        #expect(entries[1].changes == pending[0].changes)
        #expect(entries.allSatisfy { !$0.isPending })
        #expect(try await f.outbox().isEmpty)
    }

    @Test func theSignedInStaffMemberIsTheAuthor() async throws {
        let f = try await SyncFixture()
        let transport = FakeSessionTransport()
        await transport.answerSignIn(.success(.issued(1, email: "ann@grace.example")))
        try await SessionService(database: f.database, credentials: MemoryCredentialStore(), transport: transport)
            .signIn(org: f.org, url: "https://fake.store", email: "ann@grace.example", password: "pw")

        let event = try await f.create("Choir")

        #expect(try await history(f, event.id).map(\.author) == ["ann@grace.example"])
    }

    @Test func pushedChangesTakeTheirVersionAndComeBackWithoutASecondEntry() async throws {
        let f = try await SyncFixture()
        let event = try await f.create("Choir")
        try await f.rename(event.id, "Choir practice")
        try await f.engine().sync(org: f.org)
        // Both edits went as one mutation (coalesced): both carry its version.
        #expect(try await history(f, event.id).map(\.version) == [1, 1])

        // The whole feed again: our own change comes back at the version we already have.
        try await f.database.writer.write { db in try db.execute(sql: "UPDATE remote SET cursor = ''") }
        try await f.database.writer.write { db in try db.execute(sql: "UPDATE event SET version = 0") }
        try await f.engine().pull(org: f.org)

        let entries = try await history(f, event.id)
        #expect(entries.count == 2)
        #expect(entries.allSatisfy { $0.origin == .console })
    }

    @Test func changesMadeElsewhereArrivePulledWithTheStoresAuthorAndTime() async throws {
        let f = try await SyncFixture()
        let event = try await f.create("Choir")
        try await f.engine().sync(org: f.org)
        let record = await f.store.remoteWrite(event.id, title: "Choir (moved)", by: "bob@grace.example")
        try await f.engine().sync(org: f.org)
        await f.store.remoteDelete(event.id, by: "carol@grace.example")
        try await f.engine().sync(org: f.org)

        let entries = try await history(f, event.id)

        #expect(entries.map(\.author) == ["carol@grace.example", "bob@grace.example", "this console (\(HistoryLog.loginName))"])
        #expect(entries.map(\.origin) == [.store, .store, .console])
        #expect(entries.map(\.version) == [3, 2, 1])
        #expect(entries[0].summary == "Deleted")
        #expect(Int64((entries[1].at.timeIntervalSince1970 * 1000).rounded()) == record.changedAt)
        #expect(entries[1].changes.contains(FieldChange(field: "title", old: .string("Choir"), new: .string("Choir (moved)"))))
    }

    @Test func aRecordFirstSeenInThePullIsCreatedByItsAuthor() async throws {
        let f = try await SyncFixture()
        let id = UUID()
        await f.store.remoteWrite(id, title: "Town hall", by: "dana@city.example")

        try await f.engine().sync(org: f.org)

        let entries = try await history(f, id)
        #expect(entries.map(\.summary) == ["Created"])
        #expect(entries.first?.author == "dana@city.example")
        #expect(entries.first?.version == 1)
    }

    @Test func keepingTheStoresSideOfAConflictDropsTheEditsThatNeverReachedIt() async throws {
        let f = try await SyncFixture()
        let event = try await f.create("Choir")
        try await f.engine().sync(org: f.org)
        await f.store.remoteWrite(event.id, title: "Choir (from the app)", by: "bob@grace.example")
        try await f.rename(event.id, "Choir (from the console)")
        try await f.engine().sync(org: f.org)
        let id = try #require(try await f.conflicts().first?.id)

        try await f.engine().resolve(conflictId: id, keep: .remote)

        let entries = try await history(f, event.id)
        #expect(entries.map(\.author) == ["bob@grace.example", "this console (\(HistoryLog.loginName))"])
        #expect(entries.map(\.version) == [2, 1])
    }
}
