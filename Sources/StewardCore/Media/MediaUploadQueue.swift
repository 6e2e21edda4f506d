import Foundation
import GRDB

/// What the sync's upload step asks of the library. Each push first uploads the items waiting
/// (so the records naming them never reach the store before their files), then tells the store
/// of removals:
///
/// 1. `waitingUploads(orgId:)`: items added here and not uploaded yet (not removed, `url` nil,
///    not refused by the store; never one learnt from the store's list), oldest first. Upload each from `fileURL(of:)` under its `id`, declaring `fileName`,
///    `size`, `sha256` (of exactly that file) and `durationSeconds`.
/// 2. `markUploaded(id:url:)` with the store's public address once the store answered `ready`.
/// 3. `waitingRemovals(orgId:)`: items removed here that had been uploaded, the store not told
///    yet; send `DELETE /v1/orgs/{org}/media/{id}` for each (a 404 counts as told), then
///    `markRemovalSent(id:)`, which also deletes the local file.
///
/// An item removed here before it was uploaded is never sent at all (its file is deleted when it
/// is removed).
extension MediaLibrary {
    public func waitingUploads(orgId: UUID) async throws -> [MediaItem] {
        try await database.writer.read { db in
            try MediaItem.filter(Column("orgId") == UUIDColumn.encode(orgId) && Column("removedAt") == nil && Column("url") == nil
                                 && Column("uploadRefusal") == nil && Column("hasLocalFile") == true)
                .order(Column("addedAt"), Column("id")).fetchAll(db)
        }
    }

    /// Where the item's bytes are kept here (an image's cleaned copy): what to upload. Nil for
    /// an item learnt from the store's list (another console's file), whose bytes are only at
    /// its address on the store (`url`); its size, type and running time are in its row.
    public func fileURL(of item: MediaItem) -> URL? {
        item.hasLocalFile ? folder.fileURL(orgId: item.orgId, id: item.id) : nil
    }

    /// Records the store's public address of an uploaded item.
    public func markUploaded(id: UUID, url: String) async throws {
        try await database.writer.write { db in
            guard var item = try MediaItem.fetchOne(db, key: UUIDColumn.encode(id)) else { throw MediaLibraryError.notFound(id: id) }
            item.url = url
            item.uploadedAt = .storedNow
            try item.update(db)
        }
    }

    /// Records why the store will not take the item; it is not sent again.
    public func markRefused(id: UUID, message: String) async throws {
        try await database.writer.write { db in
            guard var item = try MediaItem.fetchOne(db, key: UUIDColumn.encode(id)) else { throw MediaLibraryError.notFound(id: id) }
            item.uploadRefusal = message
            try item.update(db)
        }
    }

    public func waitingRemovals(orgId: UUID) async throws -> [MediaItem] {
        try await database.writer.read { db in
            try MediaItem.filter(Column("orgId") == UUIDColumn.encode(orgId) && Column("removedAt") != nil
                                 && Column("url") != nil && Column("removalSentAt") == nil)
                .order(Column("removedAt"), Column("id")).fetchAll(db)
        }
    }

    /// The store knows of the removal: the local file is no longer needed.
    public func markRemovalSent(id: UUID) async throws {
        let item = try await database.writer.write { db in
            guard var item = try MediaItem.fetchOne(db, key: UUIDColumn.encode(id)) else { throw MediaLibraryError.notFound(id: id) }
            item.removalSentAt = .storedNow
            try item.update(db)
            return item
        }
        folder.removeFile(orgId: item.orgId, id: item.id)
    }
}
