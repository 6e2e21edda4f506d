import Foundation
import GRDB
import Testing
@testable import StewardCore

/// An event's check-in key is made with the event, when it gives stamps: in the same local
/// transaction, right after the event in the outbox, so the store has the key as soon as it
/// has the event and no code is ever shown that the store cannot check.
@Suite("Check-in keys made with their events")
struct CheckInKeyWithEventTests {
    /// The outbox, oldest first: (entity, record id).
    func outbox(_ f: Fixture) async throws -> [(entity: String, id: String)] {
        try await f.database.writer.read { db in
            try Row.fetchAll(db, sql: "SELECT entity, recordId FROM outbox ORDER BY seq").map { ($0["entity"], $0["recordId"]) }
        }
    }

    func key(_ f: Fixture, _ event: UUID) async throws -> LocalRecord? {
        try await RecordService(database: f.database).record(.checkInKey, id: event, in: f.org)
    }

    func form(_ title: String, stamps: Int) -> EventForm {
        var form = EventForm.timed(title)
        form.stampValue = stamps == 0 ? "" : String(stamps)
        return form
    }

    @Test("an event made to give stamps has its key at once, in the outbox right after it")
    func madeWithTheEvent() async throws {
        let f = try await Fixture()
        let event = try await f.events.create(form("Clean-up", stamps: 2), in: f.org)
        let key = try #require(try await key(f, event.id), "no check-in key was made with the event")
        #expect(key.version == 0, "the store has not seen it yet")
        #expect(key["event"]?.stringValue == UUIDColumn.encode(event.id))
        #expect(key["secret"]?.stringValue.flatMap(CheckInKeys.secretBytes)?.count == 32)
        let sent = try await outbox(f)
        #expect(sent.map(\.entity) == [SyncEntity.event, RecordType.checkInKey.entity])
        #expect(Set(sent.map(\.id)) == [UUIDColumn.encode(event.id)])
        // The code shown is the key's, the one the store will check.
        let code = try await CheckInKeys(database: f.database).code(for: event.id, in: f.org)
        #expect(code.code == CheckInCode(secret: try #require(key["secret"]?.stringValue.flatMap(CheckInKeys.secretBytes)))
            .code(at: code.validUntil.addingTimeInterval(-1)))
    }

    @Test("an event without stamps has no key; edited to give stamps, it gets one with the edit, once")
    func madeWithTheEdit() async throws {
        let f = try await Fixture()
        let event = try await f.events.create(form("Choir", stamps: 0), in: f.org)
        #expect(try await key(f, event.id) == nil)
        _ = try await f.events.update(event.id, with: form("Choir", stamps: 1), in: f.org)
        let made = try #require(try await key(f, event.id))
        #expect(try await outbox(f).map(\.entity) == [SyncEntity.event, SyncEntity.event, RecordType.checkInKey.entity])
        // Later edits keep the same key: codes already shown keep working.
        _ = try await f.events.update(event.id, with: form("Choir night", stamps: 3), in: f.org)
        _ = try await f.events.update(event.id, with: form("Choir night", stamps: 0), in: f.org)
        _ = try await f.events.update(event.id, with: form("Choir night", stamps: 1), in: f.org)
        #expect(try await key(f, event.id) == made)
        #expect(try await outbox(f).filter { $0.entity == RecordType.checkInKey.entity }.count == 1)
        // A duplicate that gives stamps is an event of its own, with a key of its own.
        let copy = try await f.events.duplicate(event.id, in: f.org)
        let copied = try #require(try await key(f, copy.id))
        #expect(copied["secret"] != made["secret"])
    }

    @Test("a key does not keep its event from being deleted, and stays for when it is restored")
    func deletedWithItsKey() async throws {
        let f = try await Fixture()
        let event = try await f.events.create(form("Mural walk", stamps: 1), in: f.org)
        let made = try #require(try await key(f, event.id))
        try await f.events.delete(event.id, in: f.org)
        #expect(try await f.events.event(id: event.id) == nil)
        try await f.events.restore(event.id, in: f.org)
        #expect(try await key(f, event.id) == made)
    }

    @Test("until the store has the key, the code to show is refused, saying the key waits to be sent")
    func notOnTheStoreYet() async throws {
        let f = try await Fixture()
        let event = try await f.events.create(form("Town hall", stamps: 1), in: f.org)
        let keys = CheckInKeys(database: f.database)
        do {
            _ = try await keys.codeTheStoreChecks(for: event.id, in: f.org)
            Issue.record("a code was shown for a key the store does not have")
        } catch let error as CheckInKeyNotOnStore {
            #expect(error.reason == .waitingToBeSent)
            #expect(error.description.contains("the store does not have the check-in key of “Town hall” yet"), "\(error)")
        }
        // Once the store has acknowledged it (as a push's answer leaves it), the code shows.
        try await f.database.writer.write { db in
            try db.execute(sql: "UPDATE record SET version = 7 WHERE entity = ? AND id = ?",
                           arguments: [RecordType.checkInKey.entity, UUIDColumn.encode(event.id)])
            try db.execute(sql: "DELETE FROM outbox")
        }
        let shown = try await keys.codeTheStoreChecks(for: event.id, in: f.org)
        #expect(shown == (try await keys.code(for: event.id, in: f.org)))
    }
}
