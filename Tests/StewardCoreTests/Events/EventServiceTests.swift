import Foundation
import GRDB
import Testing
@testable import StewardCore

@Suite struct EventServiceTests {
    @Test func creatingWritesTheEventAndItsOutboxEntryTogether() async throws {
        let f = try await Fixture()
        let event = try await f.events.create(.timed("Sunday Worship"), in: f.org)
        #expect(try await f.events.event(id: event.id)?.details.title == "Sunday Worship")
        let entries = try await f.database.writer.read { db in try Outbox.entries(db) }
        #expect(entries.count == 1)
        #expect(entries[0].recordId == event.id)
        #expect(entries[0].operation == .upsert)
        #expect(entries[0].baseVersion == 0)
        let payload = try JSONValue.parse(entries[0].payload)
        #expect(payload["title"]?.stringValue == "Sunday Worship")
        #expect(payload["startsAt"]?.stringValue == "2026-12-06T16:30:00.000Z")
    }

    @Test func invalidInputChangesNothing() async throws {
        let f = try await Fixture()
        let original = try await f.events.create(.timed("Choir"), in: f.org)
        await #expect(throws: ValidationError.self) {
            _ = try await f.events.create(.timed(""), in: f.org)
        }
        await #expect(throws: ValidationError.self) {
            _ = try await f.events.update(original.id, with: .timed("Choir", ends: "2026-12-06T09:00"), in: f.org)
        }
        #expect(try await f.eventCount() == 1)
        #expect(try await f.outboxCount() == 1)
        #expect(try await f.events.event(id: original.id)?.details == original.details)
    }

    @Test(arguments: ["links", "audience"])
    func anEventWhoseListColumnCannotBeReadIsRefusedNotOpenedWithoutIt(column: String) async throws {
        let f = try await Fixture()
        var form = EventForm.timed("Choir")
        form.links = "Register | https://example.org/register"
        form.audience = "families"
        let event = try await f.events.create(form, in: f.org)
        try await f.database.writer.write { db in
            try db.execute(sql: "UPDATE event SET \(column) = '[{\"url\": ' WHERE id = ?", arguments: [UUIDColumn.encode(event.id)])
        }
        // Opened with no links (or audience), an edit would save the event without them.
        await #expect(throws: StoredRecordUnreadable.self) {
            _ = try await f.events.event(id: event.id)
        }
        await #expect(throws: StoredRecordUnreadable.self) {
            _ = try await f.events.update(event.id, with: .timed("Choir practice"), in: f.org)
        }
        let kept = try await f.database.writer.read { db in
            try String.fetchOne(db, sql: "SELECT \(column) FROM event WHERE id = ?", arguments: [UUIDColumn.encode(event.id)])
        }
        #expect(kept == #"[{"url": "#, "the row is left as it is")
    }

    @Test func updateDuplicateDeleteAndUndo() async throws {
        let f = try await Fixture()
        let event = try await f.events.create(.timed("Youth Group"), in: f.org)
        let updated = try await f.events.update(event.id, with: .timed("Youth Group Night"), in: f.org)
        #expect(updated.details.title == "Youth Group Night")
        #expect(abs(updated.createdAt.timeIntervalSince(event.createdAt)) < 0.001)

        let copy = try await f.events.duplicate(event.id, in: f.org)
        #expect(copy.id != event.id)
        #expect(copy.details.title == "Youth Group Night (copy)")
        #expect(copy.details.timing == updated.details.timing)

        try await f.events.delete(event.id, in: f.org)
        #expect(try await f.events.event(id: event.id) == nil)
        let keys = try await f.events.keys(for: EventQuery(orgId: f.org.id))
        #expect(keys.count == 1)

        try await f.events.restore(event.id, in: f.org)
        #expect(try await f.events.event(id: event.id)?.details.title == "Youth Group Night")
        let operations = try await f.database.writer.read { db in try Outbox.entries(db).map(\.operation) }
        #expect(operations == [.upsert, .upsert, .upsert, .delete, .upsert])
    }

    @Test func eventsOfAnotherOrganizationAreOutOfReach() async throws {
        let f = try await Fixture()
        let other = try await OrganizationService(database: f.database)
            .add(slug: "ironworks-gym", name: "Ironworks Gym", timeZone: "America/Denver", kind: .gym)
        let event = try await f.events.create(.timed("Worship"), in: f.org)
        await #expect(throws: EventStoreError.notFound(event.id)) {
            _ = try await f.events.update(event.id, with: .timed("Mine now"), in: other)
        }
        await #expect(throws: EventStoreError.notFound(event.id)) {
            try await f.events.delete(event.id, in: other)
        }
        #expect(try await f.events.keys(for: EventQuery(orgId: other.id)).isEmpty)
    }

    @Test func searchMatchesWordPrefixesAndListsSortInSQL() async throws {
        let f = try await Fixture()
        var picnic = EventForm.timed("Family Picnic", starts: "2026-12-08T12:00", ends: "2026-12-08T14:00")
        picnic.locationName = "Kemble Park"
        _ = try await f.events.create(picnic, in: f.org)
        _ = try await f.events.create(.timed("Bible Study", starts: "2026-12-02T19:00", ends: "2026-12-02T20:00"), in: f.org)
        var walk = EventForm()
        walk.title = "Mural Walk"
        walk.timingKind = .untimed
        _ = try await f.events.create(walk, in: f.org)

        func titles(_ query: EventQuery) async throws -> [String] {
            let keys = try await f.events.keys(for: query)
            let rows = try await f.events.rows(for: keys)
            let byKey = Dictionary(uniqueKeysWithValues: rows.map { ($0.key, $0.title) })
            return keys.map { byKey[$0]! }
        }
        #expect(try await titles(EventQuery(orgId: f.org.id, search: "fam pic")) == ["Family Picnic"])
        #expect(try await titles(EventQuery(orgId: f.org.id, search: "kemble")) == ["Family Picnic"])
        #expect(try await titles(EventQuery(orgId: f.org.id, search: "zzz")) == [])
        #expect(try await titles(EventQuery(orgId: f.org.id, search: "  ")).count == 3)
        #expect(try await titles(EventQuery(orgId: f.org.id, sort: .title)) == ["Bible Study", "Family Picnic", "Mural Walk"])
        #expect(try await titles(EventQuery(orgId: f.org.id, sort: .title, ascending: false)) == ["Mural Walk", "Family Picnic", "Bible Study"])
        // Untimed events have no start, so they come first in start order.
        #expect(try await titles(EventQuery(orgId: f.org.id, sort: .starts)) == ["Mural Walk", "Bible Study", "Family Picnic"])
    }

    @Test func searchFollowsEditsAndDeletes() async throws {
        let f = try await Fixture()
        let event = try await f.events.create(.timed("Coat Drive"), in: f.org)
        _ = try await f.events.update(event.id, with: .timed("Blanket Drive"), in: f.org)
        #expect(try await f.events.keys(for: EventQuery(orgId: f.org.id, search: "coat")).isEmpty)
        #expect(try await f.events.keys(for: EventQuery(orgId: f.org.id, search: "blanket")).count == 1)
        try await f.events.delete(event.id, in: f.org)
        #expect(try await f.events.keys(for: EventQuery(orgId: f.org.id, search: "blanket")).isEmpty)
    }

    @Test func theDatabaseFileUsesWALAndFullSync() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("steward-\(UUID()).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let database = try AppDatabase.open(path: path)
        let (mode, sync, keys) = try await database.writer.write { db in
            (try String.fetchOne(db, sql: "PRAGMA journal_mode")!,
             try Int.fetchOne(db, sql: "PRAGMA synchronous")!,
             try Int.fetchOne(db, sql: "PRAGMA foreign_keys")!)
        }
        #expect(mode == "wal")
        #expect(sync == 2)
        #expect(keys == 1)
        let id1 = try database.installationId()
        let id2 = try AppDatabase.open(path: path).installationId()
        #expect(id1 == id2)
    }
}

@Suite struct EventKeyCacheTests {
    @Test func filterKeepsTheOrderedKeysThatMatch() {
        #expect(EventKeyCache.filter([9, 3, 130, 7, 64], keeping: [3, 64, 130, 500]) == [3, 130, 64])
        #expect(EventKeyCache.filter([1, 2], keeping: []) == [])
    }

    @Test func listsSeeWritesMadeByAnotherProcess() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("steward-\(UUID()).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let gui = try AppDatabase.open(path: path)
        let org = try await OrganizationService(database: gui)
            .add(slug: "grace-church", name: "Grace", timeZone: "America/Chicago", kind: .church)
        let guiEvents = EventService(database: gui)
        _ = try await guiEvents.create(.timed("Choir"), in: org)
        #expect(try await guiEvents.keys(for: EventQuery(orgId: org.id)).count == 1)

        // The CLI is another connection with its own service: the GUI's cached order must notice.
        let cli = EventService(database: try AppDatabase.open(path: path))
        let added = try await cli.create(.timed("Carols"), in: org)
        #expect(try await guiEvents.keys(for: EventQuery(orgId: org.id)).count == 2)
        #expect(try await guiEvents.keys(for: EventQuery(orgId: org.id, search: "carol")).count == 1)
        try await cli.delete(added.id, in: org)
        #expect(try await guiEvents.keys(for: EventQuery(orgId: org.id, search: "carol")).isEmpty)
    }
}
