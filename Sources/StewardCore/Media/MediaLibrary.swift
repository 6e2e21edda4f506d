import Foundation
import GRDB
import StewardMedia

/// How much of its media allowance an organization uses on this console, and the limits.
public struct MediaUsage: Sendable, Hashable {
    /// Bytes of the items not removed.
    public var used: Int64
    public var limits: MediaLimits
}

/// The console's media library: files staff add are checked the way the store checks them
/// (`StewardMedia`), images cleaned of their metadata before anything leaves the machine, and
/// kept in the media folder until the next sync uploads them (`MediaUploadQueue`). Records name
/// an item by its id; an item in use cannot be removed.
public final class MediaLibrary: Sendable {
    public let database: AppDatabase
    public let folder: MediaFolder
    public let limits: MediaLimits
    /// Reads the running time of audio and video; nil when it cannot.
    let durationReader: @Sendable (URL) -> Double?

    /// The library of the console's database file, its files kept beside it
    /// (`<database>.media`, `MediaFolder.beside(databaseAt:)`).
    public convenience init(beside database: AppDatabase, durationReader: @escaping @Sendable (URL) -> Double? = MediaDuration.unknown) {
        self.init(database: database, folder: .beside(databaseAt: database.writer.path), durationReader: durationReader)
    }

    /// `folder`: where the files are kept (`MediaFolder.beside(databaseAt:)` for a database
    /// file; tests on an in-memory database give a temporary folder).
    public init(database: AppDatabase, folder: MediaFolder, limits: MediaLimits = .standard,
                durationReader: @escaping @Sendable (URL) -> Double? = MediaDuration.unknown) {
        self.database = database
        self.folder = folder
        self.limits = limits
        self.durationReader = durationReader
    }

    // MARK: Adding

    /// Checks the file at `file`, keeps a copy (an image decoded and encoded again, without
    /// EXIF, GPS or other metadata) and adds it to the organization's library. Throws
    /// `MediaLibraryError` and keeps nothing when the file is refused. `accepting`: the kinds
    /// the file is added for (a record's field); a file of another kind is refused before
    /// anything is cleaned or kept.
    @discardableResult
    public func add(_ file: URL, fileName: String? = nil, to org: Organization,
                    accepting kinds: Set<MediaKind> = Set(MediaKind.allCases)) async throws -> MediaItem {
        let name = fileName ?? file.lastPathComponent
        let (head, originalSize) = try Self.readHead(of: file)
        let type: MediaType
        switch MediaCheck.admit(head: head, size: originalSize, limits: limits) {
        case .failure(let refusal): throw MediaLibraryError.refused(fileName: name, refusal)
        case .success(let admitted): type = admitted
        }
        guard kinds.contains(type.kind) else {
            throw MediaLibraryError.wrongKind(fileName: name, kind: type.kind, accepted: kinds)
        }

        var item = MediaItem(id: UUID(), orgId: org.id, fileName: name, kind: type.kind, contentType: type.contentType,
                             size: 0, sha256: "", addedAt: .storedNow)
        if type.kind == .image {
            let data: Data
            do { data = try Data(contentsOf: file) } catch { throw MediaLibraryError.unreadable(path: file.path, reason: Self.reason(error)) }
            let cleaned: CleanedImage
            do { cleaned = try ImageCleaner.clean(data, type: type, limits: limits) } catch {
                throw MediaLibraryError.refused(fileName: name, error)
            }
            item.contentType = cleaned.full.type.contentType
            item.width = cleaned.full.width
            item.height = cleaned.full.height
            item.size = Int64(cleaned.full.data.count)
            item.sha256 = MediaFolder.sha256(cleaned.full.data)
            try refuseOverQuota(item, name: name)
            try folder.write(cleaned.full.data, orgId: org.id, id: item.id)
        } else {
            try refuseOverQuota(MediaItem(id: item.id, orgId: org.id, fileName: name, kind: type.kind,
                                          contentType: type.contentType, size: originalSize, sha256: "", addedAt: item.addedAt),
                                name: name)
            do {
                (item.size, item.sha256) = try folder.copy(from: file, orgId: org.id, id: item.id)
            } catch {
                throw MediaLibraryError.unreadable(path: file.path, reason: Self.reason(error))
            }
            if type.kind == .audio || type.kind == .video {
                item.durationSeconds = durationReader(folder.fileURL(orgId: org.id, id: item.id))
            }
        }

        do {
            let stored = item
            try await database.writer.write { [limits] db in
                // Checked again in the write: two adds at once must not both fit the last room.
                let used = try Self.used(orgId: stored.orgId, db)
                if let refusal = limits.quotaRefusal(size: stored.size, used: used) {
                    throw MediaLibraryError.refused(fileName: stored.fileName, refusal)
                }
                try stored.insert(db)
            }
        } catch {
            folder.removeFile(orgId: org.id, id: item.id)
            throw error
        }
        return item
    }

    private func refuseOverQuota(_ item: MediaItem, name: String) throws {
        let used = try database.writer.read { db in try Self.used(orgId: item.orgId, db) }
        if let refusal = limits.quotaRefusal(size: item.size, used: used) {
            throw MediaLibraryError.refused(fileName: name, refusal)
        }
    }

    /// The file's first bytes (enough to sniff) and its size.
    private static func readHead(of file: URL) throws -> (Data, Int64) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder) else {
            throw MediaLibraryError.unreadable(path: file.path, reason: "no such file")
        }
        if isFolder.boolValue { throw MediaLibraryError.unreadable(path: file.path, reason: "it is a folder") }
        do {
            let handle = try FileHandle(forReadingFrom: file)
            defer { try? handle.close() }
            let head = try handle.read(upToCount: ContentSniffer.headLength) ?? Data()
            let size = try handle.seekToEnd()
            return (head, Int64(size))
        } catch {
            throw MediaLibraryError.unreadable(path: file.path, reason: reason(error))
        }
    }

    private static func reason(_ error: any Error) -> String {
        if let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError,
           underlying.domain == NSPOSIXErrorDomain, let code = POSIXErrorCode(rawValue: Int32(underlying.code)) {
            return String(cString: strerror(code.rawValue))
        }
        return (error as NSError).localizedDescription
    }

    // MARK: Reading

    /// The organization's items not removed, newest first, of `kind` when given, whose file
    /// name contains `search` (any case) when given.
    public func list(_ org: Organization, kind: MediaKind? = nil, search: String = "") async throws -> [MediaItem] {
        try await database.writer.read { db in
            var request = MediaItem.filter(Column("orgId") == UUIDColumn.encode(org.id) && Column("removedAt") == nil)
            if let kind { request = request.filter(Column("kind") == kind.rawValue) }
            let words = search.trimmingCharacters(in: .whitespacesAndNewlines)
            if !words.isEmpty { request = request.filter(Column("fileName").like("%\(Self.escapedForLike(words))%", escape: "\\")) }
            return try request.order(Column("addedAt").desc, Column("fileName")).fetchAll(db)
        }
    }

    /// The item of the organization with `id`, removed ones included; nil when there is none.
    public func item(_ id: UUID, in org: Organization) async throws -> MediaItem? {
        try await database.writer.read { db in try Self.item(id, orgId: org.id, db) }
    }

    /// The item with `id` in any organization of this console (the command line's `show`
    /// without `--org`).
    public func item(_ id: UUID) async throws -> MediaItem? {
        try await database.writer.read { db in try MediaItem.fetchOne(db, key: UUIDColumn.encode(id)) }
    }

    public func usage(_ org: Organization) async throws -> MediaUsage {
        let used = try await database.writer.read { db in try Self.used(orgId: org.id, db) }
        return MediaUsage(used: used, limits: limits)
    }

    /// The live records of the item's organization whose media fields hold it.
    public func usedBy(_ item: MediaItem) async throws -> [MediaUse] {
        try await database.writer.read { db in try MediaUses.of(item.key, orgId: item.orgId, db) }
    }

    // MARK: Removing

    /// Removes the item from the library, unless a live record uses it (the error names them).
    /// A file never uploaded is deleted at once; an uploaded one when the store has been told
    /// (`markRemovalSent`).
    @discardableResult
    public func remove(_ id: UUID, in org: Organization) async throws -> MediaItem {
        let removed = try await database.writer.write { db in
            guard var item = try Self.item(id, orgId: org.id, db) else { throw MediaLibraryError.notFound(id: id) }
            if item.isRemoved { throw MediaLibraryError.removed(item) }
            let uses = try MediaUses.of(item.key, orgId: org.id, db)
            if !uses.isEmpty { throw MediaLibraryError.inUse(item, uses) }
            item.removedAt = .storedNow
            try item.update(db)
            return item
        }
        if removed.url == nil { folder.removeFile(orgId: removed.orgId, id: removed.id) }
        return removed
    }

    // MARK: Queries shared with the record kit

    static func item(_ id: UUID, orgId: UUID, _ db: Database) throws -> MediaItem? {
        try MediaItem.filter(Column("id") == UUIDColumn.encode(id) && Column("orgId") == UUIDColumn.encode(orgId)).fetchOne(db)
    }

    static func used(orgId: UUID, _ db: Database) throws -> Int64 {
        try Int64.fetchOne(db, sql: "SELECT COALESCE(SUM(size), 0) FROM media WHERE orgId = ? AND removedAt IS NULL",
                           arguments: [UUIDColumn.encode(orgId)]) ?? 0
    }

    private static func escapedForLike(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_")
    }
}
