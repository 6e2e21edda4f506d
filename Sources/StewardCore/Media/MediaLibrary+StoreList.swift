import Foundation
import GRDB
import StewardMedia

/// The store's media list taken into the library at each sync, after this console's removals
/// and uploads were sent: files other consoles added become rows here (so records naming them
/// can be edited here), and files removed on the store are removed here too.
extension MediaLibrary {
    /// `listed`: every item the store lists for the organization (`GET /v1/orgs/{org}/media`:
    /// those not removed, uploads under way included). `storeURL` prefixes their paths, as an
    /// upload's address is made.
    ///
    /// - A ready item this console does not hold is added with no local file: its address,
    ///   kind, type, size, SHA-256, running time, pixels and when it was added on the store.
    /// - An item held here that the store had (uploaded from here, or learnt before) and no
    ///   longer lists was removed there: it is marked removed, the store counted as told, and
    ///   its local copy, if any, deleted.
    /// - Items waiting to be uploaded from here are left as they are: the store has not got them.
    public func takeStoreList(_ listed: [StoreMediaItem], orgId: UUID, storeURL: String) async throws {
        let org = UUIDColumn.encode(orgId)
        let removed = try await database.writer.write { db -> [MediaItem] in
            let held = try MediaItem.filter(Column("orgId") == org).fetchAll(db)
            let heldIds = Set(held.map(\.id))
            var listedIds = Set<UUID>()
            for entry in listed {
                guard let id = UUID(uuidString: entry.id) else { continue }
                listedIds.insert(id)
                // Another organization's row under this id (never made by a console) is not
                // this organization's to take over.
                guard !heldIds.contains(id), try MediaItem.fetchOne(db, key: UUIDColumn.encode(id)) == nil,
                      let item = MediaItem(learnt: entry, id: id, orgId: orgId, storeURL: storeURL) else { continue }
                try item.insert(db)
            }
            let now = Date.storedNow
            var removed: [MediaItem] = []
            for var item in held where !item.isRemoved && item.url != nil && !listedIds.contains(item.id) {
                item.removedAt = now
                item.removalSentAt = now
                try item.update(db)
                removed.append(item)
            }
            return removed
        }
        for item in removed where item.hasLocalFile {
            folder.removeFile(orgId: item.orgId, id: item.id)
        }
    }
}

extension MediaItem {
    /// A ready item of the store's list, as a row with no local file; nil for one not ready yet
    /// (it has no address) or one the store could not say the kind or type of.
    init?(learnt entry: StoreMediaItem, id: UUID, orgId: UUID, storeURL: String) {
        guard entry.isReady, let path = entry.url, let kind = entry.kind.flatMap(MediaKind.init(rawValue:)),
              let contentType = entry.contentType, let fileName = entry.fileName,
              let size = entry.size, let sha256 = entry.sha256 else { return nil }
        let added = entry.createdAt.flatMap(StoreMediaItem.date(from:)) ?? .storedNow
        self.init(id: id, orgId: orgId, fileName: fileName, kind: kind, contentType: contentType, size: size,
                  sha256: sha256, durationSeconds: entry.durationSeconds, width: entry.width, height: entry.height,
                  addedAt: added, url: storeURL + path,
                  uploadedAt: entry.updatedAt.flatMap(StoreMediaItem.date(from:)) ?? added, hasLocalFile: false)
    }
}
