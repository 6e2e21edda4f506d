import Foundation
import GRDB

/// Applies pulled pages. Each function runs inside one write transaction of the caller's, so a
/// page's records and the cursor after them are committed together or not at all.
enum PullApplier {
    struct Outcome: Hashable, Sendable {
        /// Records written into local rows.
        var applied = 0
        /// Records left alone because of a local edit or an open conflict.
        var keptLocal = 0
        /// Records whose fields do not validate, or that cannot be kept under their id (kept as
        /// unreadable records to show).
        var invalid = 0
        /// Local synced records dropped at the end of a resync.
        var dropped = 0
        /// Staff records the store did not have, made unsent at the end of a full read.
        var resent = 0
    }

    /// Starts a full pull: from the empty cursor, remembering which records it returns.
    static func startResync(orgId: UUID, _ db: Database) throws {
        let org = UUIDColumn.encode(orgId)
        try db.execute(sql: "DELETE FROM resyncSeen WHERE orgId = ?", arguments: [org])
        try db.execute(sql: "UPDATE remote SET cursor = '', resyncing = 1 WHERE orgId = ?", arguments: [org])
    }

    static func apply(_ page: PullResponse, org: Organization, resyncing: Bool, _ db: Database) throws -> Outcome {
        let orgKey = UUIDColumn.encode(org.id)
        var outcome = Outcome()
        let seen = try db.cachedStatement(sql: "INSERT OR IGNORE INTO resyncSeen (orgId, entity, recordId) VALUES (?, ?, ?)")
        // Versions compare only within one store: a full read of another one (or of a store
        // not known yet) takes its records; an incremental read goes on from its own cursor.
        let known = try Remote.fetch(orgId: org.id, db)?.storeId
        let sameStore = known.map { page.storeId == nil || $0 == page.storeId } ?? !resyncing
        for var record in page.changes {
            if let id = UUID(uuidString: record.id) { record.id = UUIDColumn.encode(id) }
            if resyncing { try seen.execute(arguments: [orgKey, record.entity, record.id]) }
            switch try RemoteApply.apply(record, org: org, sameStore: sameStore, db) {
            case .applied: outcome.applied += 1
            case .keptLocal: outcome.keptLocal += 1
            case .invalid: outcome.invalid += 1
            case .unchanged: break
            }
        }
        try db.execute(sql: "UPDATE remote SET cursor = ? WHERE orgId = ?", arguments: [page.cursor, orgKey])
        if resyncing && !page.hasMore {
            // The full feed is read: what it did not return was deleted on this store only if
            // it is the store the records came from (RecordsNotOnStore); otherwise it is sent.
            let settled = try RecordsNotOnStore.settle(org: org, page: page, db)
            outcome.dropped = settled.dropped
            outcome.resent = settled.resent
            try UnreadableRecords.dropUnseen(orgId: org.id, db)
            try db.execute(sql: "DELETE FROM resyncSeen WHERE orgId = ?", arguments: [orgKey])
            try db.execute(sql: "UPDATE remote SET resyncing = 0 WHERE orgId = ?", arguments: [orgKey])
        } else if !resyncing, let storeId = page.storeId {
            // A console that synced before stores said who they are learns it from its cursor's store.
            try db.execute(sql: "UPDATE remote SET storeId = ? WHERE orgId = ? AND storeId IS NULL",
                           arguments: [storeId, orgKey])
        }
        if outcome.applied > 0 || outcome.dropped > 0 || outcome.invalid > 0 || outcome.resent > 0 {
            try DataGeneration.bumpPulls(db)
        }
        return outcome
    }
}
