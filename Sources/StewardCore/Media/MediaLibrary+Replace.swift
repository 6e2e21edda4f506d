import Foundation
import GRDB

/// What `MediaLibrary.replace` did: the new item, the old one (removed), and the records that
/// named the old one and now name the new one.
public struct MediaReplacement: Sendable, Hashable {
    public var added: MediaItem
    public var removed: MediaItem
    public var repointed: [MediaUse]
}

extension MediaLibrary {
    /// Puts the file at `file` in the place of the item `id`: the file is checked and kept as
    /// `add` does, every live record whose media field names the old item is changed to name
    /// the new one through the record kit's normal write (validated, with its outbox entry, so
    /// the change reaches the store at the next sync), and the old item is removed; the records
    /// and the removal are one transaction. A refused file, or a record that does not take the
    /// new file (an image field given a recording), changes nothing: the new copy is dropped.
    @discardableResult
    public func replace(_ id: UUID, with file: URL, fileName: String? = nil, in org: Organization) async throws -> MediaReplacement {
        guard let old = try await item(id, in: org) else { throw MediaLibraryError.notFound(id: id) }
        if old.isRemoved { throw MediaLibraryError.removed(old) }
        let added = try await add(file, fileName: fileName, to: org)
        do {
            let (removed, repointed) = try await database.writer.write { db in
                guard var current = try Self.item(id, orgId: org.id, db), !current.isRemoved else {
                    throw MediaLibraryError.removed(old)
                }
                let uses = try MediaUses.of(current.key, orgId: org.id, db)
                for use in uses {
                    try Self.repoint(use, from: current.key, to: added.key, org: org, db)
                }
                current.removedAt = .storedNow
                try current.update(db)
                return (current, uses)
            }
            if removed.url == nil { folder.removeFile(orgId: removed.orgId, id: removed.id) }
            return MediaReplacement(added: added, removed: removed, repointed: repointed)
        } catch {
            // The new copy was kept only to take the old one's place: drop it, row and file.
            _ = try? await database.writer.write { db in try MediaItem.deleteOne(db, key: added.key) }
            folder.removeFile(orgId: org.id, id: added.id)
            throw error
        }
    }

    /// The record of `use` with its field (each of its list's items) naming `key` where it named
    /// `old`, written as an edit would be.
    private static func repoint(_ use: MediaUse, from old: String, to key: String, org: Organization, _ db: Database) throws {
        guard let type = RecordTypes.named(use.entity),
              let place = type.mediaPlaces.first(where: { $0.field.name == use.field && $0.itemField?.name == use.itemField })
        else { return }
        let previous = try RecordService.fetchLive(type, id: use.id, org: org, db)
        let fields = place.replacing(in: previous.fields) { $0.stringValue == old ? .string(key) : nil }
        let validated = try type.validate(fields, orgZone: org.timeZone)
        _ = try RecordService.replace(type, previous: previous, validated: validated, org: org, db)
    }
}
