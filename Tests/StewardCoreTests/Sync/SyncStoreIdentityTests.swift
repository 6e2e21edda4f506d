import Foundation
import GRDB
import Testing
@testable import StewardCore

/// A record's absence from a store's feed removes it from the console only when that store
/// recorded its deletion: another store, a new one at the same address, or this one restored
/// from an older backup gets the staff's records sent to it instead.
@Suite struct SyncStoreIdentityTests {
    @Test func aNewStoreAtTheSameAddressGetsEveryRecordAndTheConsoleLosesNone() async throws {
        let f = try await SyncFixture()
        let first = try await f.create("Advent concert")
        let second = try await f.create("Choir practice")
        try await f.engine().sync(org: f.org)
        #expect(try await f.remote().storeId == "fake-store-1")
        await f.store.becomeANewStore()

        let report = try await f.engine().sync(org: f.org)

        #expect(report.dropped == 0)
        #expect(report.resent == 2)
        #expect(try await f.event(first.id) != nil)
        #expect(try await f.event(second.id) != nil)
        #expect(await f.store.record(first.id)?.fields["title"] == .string("Advent concert"))
        #expect(await f.store.record(second.id) != nil)
        let newStore = await f.store.storeId
        #expect(try await f.remote().storeId == newStore)
        #expect(try await f.outbox().isEmpty)
        #expect(try await f.dump() == f.store.dump())
    }

    @Test func anEditWaitingForAnotherStoreIsSentAsANewRecordNotRejected() async throws {
        let f = try await SyncFixture()
        let event = try await f.create("Advent concert")
        try await f.engine().sync(org: f.org)
        await f.store.becomeANewStore()
        try await f.rename(event.id, "Advent concert (moved)")

        let report = try await f.engine().sync(org: f.org)

        #expect(report.rejected == 0)
        #expect(try await f.deadLetters().isEmpty)
        #expect(await f.store.record(event.id)?.fields["title"] == .string("Advent concert (moved)"))
        #expect(try await f.dump() == f.store.dump())
    }

    @Test func aStoreRestoredFromAnOlderBackupGetsBackWhatItLost() async throws {
        let f = try await SyncFixture()
        let old = try await f.create("Kept by the backup")
        try await f.engine().sync(org: f.org)
        let backup = await f.store.lastSeq
        let lost = try await f.create("Made after the backup")
        try await f.engine().sync(org: f.org)
        await f.store.restoreBackup(throughVersion: backup)
        // Something asks for a full read of the same store.
        try await f.database.writer.write { [org = f.org] db in
            try db.execute(sql: "UPDATE remote SET cursor = '' WHERE orgId = ?", arguments: [UUIDColumn.encode(org.id)])
        }

        let report = try await f.engine().sync(org: f.org)

        #expect(report.dropped == 0)
        #expect(report.resent == 1)
        #expect(try await f.event(lost.id) != nil)
        #expect(await f.store.record(lost.id)?.fields["title"] == .string("Made after the backup"))
        #expect(await f.store.record(old.id) != nil)
        #expect(try await f.dump() == f.store.dump())
    }

    @Test func aConsoleThatNeverLearnedItsStoreReadsItBeforePushingAndDropsNothing() async throws {
        let f = try await SyncFixture()
        let pulled = try await f.create("Made with a store version")
        // A console whose records carry versions from a store it cannot name (the demo, or a
        // console from before stores said who they are), now pointed at an empty store.
        try await f.database.writer.write { [org = f.org] db in
            try db.execute(sql: "DELETE FROM outbox")
            try db.execute(sql: "UPDATE event SET version = 7 WHERE id = ?", arguments: [UUIDColumn.encode(pulled.id)])
            try db.execute(sql: "UPDATE remote SET cursor = '', storeId = NULL WHERE orgId = ?",
                           arguments: [UUIDColumn.encode(org.id)])
        }
        let member = UUID()
        try await f.database.writer.write { [org = f.org] db in
            let record = LocalRecord(entity: "member", id: member, orgId: org.id, version: 9, fields: .object([
                "email": .string("ana@example.org"), "displayName": .string("Ana"), "audience": .string("residents"),
                "status": .string("active"), "joinedAt": .string("2026-01-01T00:00:00.000Z"),
            ]))
            try RecordTypes.storage(for: "member").write(record, org: org, db)
        }

        let report = try await f.engine().sync(org: f.org)

        #expect(await f.store.pullCursors.first == "")
        #expect(report.resent == 1)
        #expect(await f.store.record(pulled.id)?.fields["title"] == .string("Made with a store version"))
        // What only a store makes is the store's to say: a store without the member has none,
        // and no console could send it there.
        #expect(report.dropped == 1)
        #expect(try await f.read { db in try RecordTypes.storage(for: "member").fetch(entity: "member", id: UUIDColumn.encode(member), db) } == nil)
        #expect(await f.store.record(member) == nil)
    }

    @Test func recordsDeletedOnTheSameStoreAndPurgedAreStillDropped() async throws {
        let f = try await SyncFixture()
        let removed = try await f.create("Removed elsewhere")
        try await f.engine().sync(org: f.org)
        await f.store.remoteDelete(removed.id)
        await f.store.purgeTombstones()
        let made = try await f.create("Made afterwards")
        try await f.engine().push(org: f.org)
        let beforeMade = await f.store.lastSeq - 1
        await f.store.restoreBackup(throughVersion: beforeMade)
        try await f.database.writer.write { [org = f.org] db in
            try db.execute(sql: "UPDATE remote SET cursor = '' WHERE orgId = ?", arguments: [UUIDColumn.encode(org.id)])
        }

        let report = try await f.engine().sync(org: f.org)

        // Deleted here before the purge mark: dropped. Newer than the mark and lost: sent again.
        #expect(report.dropped == 1)
        #expect(try await f.event(removed.id) == nil)
        #expect(report.resent == 1)
        #expect(await f.store.record(made.id) != nil)
    }

    @Test func aPushNamesItsStoreAndAnotherStoreRefusesIt() async throws {
        let f = try await SyncFixture()
        _ = try await f.create("First")
        try await f.engine().sync(org: f.org)
        _ = try await f.create("Second")
        try await f.engine().sync(org: f.org)
        #expect(await f.store.pushRequests.last?.storeId == "fake-store-1")
        #expect(await f.store.pushRequests.first?.storeId == nil)
    }
}
