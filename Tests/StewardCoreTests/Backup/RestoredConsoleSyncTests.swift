import Foundation
import GRDB
import Testing
@testable import StewardCore

/// A console restored from a backup syncs again without losing or repeating a change: what was
/// synced after the backup comes back from the store, and what the backup held unsent is
/// applied once.
@Suite("A restored console syncs again")
struct RestoredConsoleSyncTests {
    @Test("edit A synced, backup, edit B synced, restore, sync: both sides hold B once")
    func editSyncedAfterTheBackupComesBack() async throws {
        let folder = try ScratchFolder()
        let store = FakeStore()
        let console = try await FileConsole(path: folder.file("console.sqlite"), store: store)
        let a = try await console.events.create(.timed("A"), in: console.org)
        try await console.sync(store)
        try ConsoleBackup.backup(console.database, to: folder.file("backup.sqlite"))
        let oldClient = try await console.remote().clientId
        _ = try await console.events.update(a.id, with: .timed("B"), in: console.org)
        let added = try await console.events.create(.timed("B, added"), in: console.org)
        try await console.sync(store)

        try console.close()
        try ConsoleBackup.restore(from: folder.file("backup.sqlite"), into: console.path)
        try console.reopen()
        #expect(try await console.read { db in try String.fetchOne(db, sql: "SELECT title FROM event WHERE id = ?", arguments: [UUIDColumn.encode(a.id)]) } == "A")
        try await console.sync(store)

        #expect(try await console.read { db in try String.fetchOne(db, sql: "SELECT title FROM event WHERE id = ?", arguments: [UUIDColumn.encode(a.id)]) } == "B")
        #expect(try await console.read { db in try String.fetchOne(db, sql: "SELECT title FROM event WHERE id = ?", arguments: [UUIDColumn.encode(added.id)]) } != nil)
        #expect(try await console.dump() == store.dump())
        #expect(try await console.remote().clientId != oldClient)
        #expect(await store.histories[UUIDColumn.encode(a.id)]?.count == 2, "A's creation and B's edit, once each")
        #expect(await store.maxApplications() == 1)
        try await expectNothingLeft(console)
    }

    @Test("an edit the backup holds unsent goes once, under a new client id counted from 1")
    func unsentEditGoesOnce() async throws {
        let folder = try ScratchFolder()
        let store = FakeStore()
        let console = try await FileConsole(path: folder.file("console.sqlite"), store: store)
        _ = try await console.events.create(.timed("A"), in: console.org)
        try await console.sync(store)
        let c = try await console.events.create(.timed("C, not sent yet"), in: console.org)
        try ConsoleBackup.backup(console.database, to: folder.file("backup.sqlite"))
        let oldClient = try await console.remote().clientId

        try console.close()
        try ConsoleBackup.restore(from: folder.file("backup.sqlite"), into: console.path)
        try console.reopen()
        try await console.sync(store)

        let pushes = await store.pushRequests
        let last = try #require(pushes.last)
        #expect(last.clientId != oldClient)
        #expect(last.mutations.map(\.id) == [1])
        #expect(await store.record(c.id)?.fields["title"] == .string("C, not sent yet"))
        #expect(await store.histories[UUIDColumn.encode(c.id)]?.count == 1)
        #expect(try await console.dump() == store.dump())
        try await expectNothingLeft(console)
    }

    @Test("an edit the backup holds unsent, that the first console sent after the backup, is not applied twice")
    func editSentByTheFirstConsoleIsNotRepeated() async throws {
        let folder = try ScratchFolder()
        let store = FakeStore()
        let console = try await FileConsole(path: folder.file("console.sqlite"), store: store)
        _ = try await console.events.create(.timed("A"), in: console.org)
        try await console.sync(store)
        let c = try await console.events.create(.timed("C"), in: console.org)
        try ConsoleBackup.backup(console.database, to: folder.file("backup.sqlite"))
        let b = try await console.events.create(.timed("B"), in: console.org)
        try await console.sync(store)

        try console.close()
        try ConsoleBackup.restore(from: folder.file("backup.sqlite"), into: console.path)
        try console.reopen()
        try await console.sync(store)

        #expect(await store.histories[UUIDColumn.encode(c.id)]?.count == 1, "C applied once")
        #expect(try await console.read { db in try String.fetchOne(db, sql: "SELECT title FROM event WHERE id = ?", arguments: [UUIDColumn.encode(b.id)]) } != nil)
        #expect(try await console.dump() == store.dump())
        #expect(await store.maxApplications() == 1)
        try await expectNothingLeft(console)
    }

    /// Nothing waiting, no conflict to choose, no change refused.
    private func expectNothingLeft(_ console: FileConsole) async throws {
        let org = console.org
        let (outbox, conflicts, dead) = try await console.read { db in
            (try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM outbox") ?? -1,
             try SyncIssues.conflicts(orgId: org.id, db).count, try SyncIssues.deadLetters(orgId: org.id, db).count)
        }
        #expect(outbox == 0)
        #expect(conflicts == 0)
        #expect(dead == 0)
    }
}
