import Foundation
import GRDB
import Testing
@testable import StewardCore

/// Sync corner cases: a push refused for the role does not stop the pull, and a pull from the
/// empty cursor always checks for records the store no longer has.
@Suite struct SyncCornerCaseTests {
    @Test func aViewerWithPendingEditsStillPullsAndIsToldThePushWasRefused() async throws {
        let f = try await SyncFixture()
        let mine = try await f.create("Edited offline by a viewer")
        let theirs = UUID()
        await f.store.remoteWrite(theirs, title: "Made on a phone")
        await f.store.failPushes([.fail(.status(403, ErrorResponse(error: "forbidden", message: "the viewer role cannot change records")))])

        await #expect(throws: SyncError.forbidden(url: "https://fake.store", message: "the viewer role cannot change records")) {
            _ = try await f.engine().sync(org: f.org)
        }
        // The pull ran all the same; the viewer's edit waits in the outbox.
        #expect(await f.store.pullCursors.count == 1)
        #expect(try await f.event(theirs)?.details.title == "Made on a phone")
        #expect(try await f.outbox().map(\.entry.recordId) == [mine.id])
        #expect(try await f.remote().lastSyncAt != nil)
    }

    @Test func otherPushFailuresStillStopTheSyncBeforeThePull() async throws {
        let f = try await SyncFixture()
        try await f.create("Choir")
        await f.store.failPushes([.fail(.status(401, ErrorResponse(error: "unauthorized", message: "bad token")))])
        await #expect(throws: SyncError.unauthorized(url: "https://fake.store")) {
            _ = try await f.engine().sync(org: f.org)
        }
        #expect(await f.store.pullCursors.isEmpty)
    }

    @Test func aCursorResetToEmptyDropsRecordsWhoseTombstonesWerePurged() async throws {
        let f = try await SyncFixture()
        let kept = try await f.create("Kept")
        let removed = try await f.create("Removed elsewhere")
        try await f.engine().sync(org: f.org)
        await f.store.remoteDelete(removed.id)
        await f.store.purgeTombstones()
        // Something asked for a full read (a replayed conflict without its record, an operator).
        try await f.database.writer.write { [org = f.org] db in
            try db.execute(sql: "UPDATE remote SET cursor = '' WHERE orgId = ?", arguments: [UUIDColumn.encode(org.id)])
        }

        let report = try await f.engine().pull(org: f.org)

        #expect(await f.store.pullCursors.last == "")
        #expect(report.dropped == 1)
        #expect(try await f.event(removed.id) == nil)
        #expect(try await f.event(kept.id) != nil)
        #expect(try await f.remote().resyncing == false)
    }
}
