import Foundation
import GRDB

/// What a restored console does before it syncs again.
///
/// The store counts each console's changes by client id, one mutation id after another, and
/// answers an id it has seen with "duplicate" and does nothing. A backup's mutation counter is
/// behind the store's when changes were synced after the backup, so the restored console takes
/// a client id of its own for every connected organization and counts from 1 again: a change
/// that waited in the backup's outbox, never sent, is then applied once rather than mistaken for
/// a duplicate. A change that was in flight when the backup was made (the store may have it)
/// goes again under the new id with the version it was based on; if the store has it, the answer
/// is a conflict with the same content, which settles it without applying it twice. A full read
/// of the store then brings back what was synced after the backup.
enum RestoredConsoleSync {
    static func prepare(_ db: Database) throws {
        let orgIds = try String.fetchAll(db, sql: "SELECT orgId FROM remote")
        for key in orgIds {
            let orgId = try UUIDColumn.decode(key)
            _ = try PushQueue.takeNewClientId(orgId: orgId, db)
            try PullApplier.startResync(orgId: orgId, db)
        }
    }
}
