import Foundation
import GRDB
import StewardCore
import StewardMedia

extension SQLiteStoreRepository {
    public func declareMedia(_ item: MediaItem, quota: Int64) async throws -> MediaDeclaration {
        try await pool.write { db in
            guard try Self.fetchOrg(db, slug: item.org) != nil else { throw StoreFailure.unknownOrg(item.org) }
            if let existing = try Self.fetchMedia(db, org: item.org, id: item.id) {
                return existing.sha256 == item.sha256 && existing.size == item.size ? .existing(existing) : .conflict(existing)
            }
            let used = try Self.usage(db, org: item.org)
            guard used + item.size <= quota else { return .overQuota(used: used) }
            try db.execute(sql: """
                INSERT INTO media (org, id, kind, content_type, size, sha256, width, height, duration_seconds, file_name,
                                   public_token, state, received, created_at, updated_at, created_by)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [item.org, item.id, item.kind?.rawValue, item.contentType, item.size, item.sha256,
                                 item.width, item.height, item.durationSeconds, item.fileName, item.publicToken,
                                 item.state.rawValue, item.received, Milliseconds.from(item.createdAt),
                                 Milliseconds.from(item.updatedAt), item.createdBy])
            return .created(try Self.fetchMedia(db, org: item.org, id: item.id) ?? item)
        }
    }

    public func mediaItem(org: String, id: String) async throws -> MediaItem? {
        try await pool.read { db in try Self.fetchMedia(db, org: org, id: id) }
    }

    public func mediaItems(org: String) async throws -> [MediaItem] {
        try await pool.read { db in
            try Row.fetchAll(db, sql: """
                SELECT \(Self.mediaColumns) FROM media WHERE org = ? AND state != 'removed' ORDER BY created_at DESC, id
                """, arguments: [org]).compactMap(Self.mediaItem(from:))
        }
    }

    public func mediaUsage(org: String) async throws -> Int64 {
        try await pool.read { db in try Self.usage(db, org: org) }
    }

    public func advanceMediaUpload(org: String, id: String, from: Int64, to: Int64, now: Date) async throws -> Bool {
        try await pool.write { db in
            try db.execute(sql: """
                UPDATE media SET received = ?, updated_at = ?
                WHERE org = ? AND id = ? AND received = ? AND state = 'uploading'
                """, arguments: [to, Milliseconds.from(now), org, id, from])
            return db.changesCount > 0
        }
    }

    public func setMediaType(org: String, id: String, kind: MediaKind, contentType: String, now: Date) async throws {
        try await pool.write { db in
            try db.execute(sql: "UPDATE media SET kind = ?, content_type = ?, updated_at = ? WHERE org = ? AND id = ?",
                           arguments: [kind.rawValue, contentType, Milliseconds.from(now), org, id])
        }
    }

    public func completeMedia(org: String, id: String, contentType: String, width: Int?, height: Int?,
                              files: [MediaFile], now: Date) async throws -> Bool {
        try await pool.write { db in
            try db.execute(sql: """
                UPDATE media SET state = 'ready', content_type = ?, width = ?, height = ?, updated_at = ?
                WHERE org = ? AND id = ? AND state = 'uploading'
                """, arguments: [contentType, width, height, Milliseconds.from(now), org, id])
            guard db.changesCount > 0 else { return false }
            for file in files {
                try db.execute(sql: """
                    INSERT INTO media_files (org, media_id, variant, content_type, size, sha256, width, height)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """, arguments: [org, id, file.variant.rawValue, file.contentType, file.size, file.sha256,
                                     file.width, file.height])
            }
            return true
        }
    }

    public func removeMedia(org: String, id: String, now: Date) async throws -> MediaItem? {
        try await pool.write { db in
            try db.execute(sql: "UPDATE media SET state = 'removed', updated_at = ? WHERE org = ? AND id = ?",
                           arguments: [Milliseconds.from(now), org, id])
            try db.execute(sql: "DELETE FROM media_files WHERE org = ? AND media_id = ?", arguments: [org, id])
            return try Self.fetchMedia(db, org: org, id: id)
        }
    }

    public func discardMediaUpload(org: String, id: String) async throws {
        try await pool.write { db in
            try db.execute(sql: "DELETE FROM media_files WHERE org = ? AND media_id = ?", arguments: [org, id])
            try db.execute(sql: "DELETE FROM media WHERE org = ? AND id = ? AND state = 'uploading'", arguments: [org, id])
        }
    }

    public func publicMedia(token: String) async throws -> (item: MediaItem, files: [MediaFile])? {
        try await pool.read { db in
            guard let item = try Row.fetchOne(db, sql: """
                SELECT \(Self.mediaColumns) FROM media WHERE public_token = ? AND state = 'ready'
                """, arguments: [token]).flatMap(Self.mediaItem(from:)) else { return nil }
            return (item, try Self.fetchMediaFiles(db, org: item.org, id: item.id))
        }
    }

    public func mediaFiles(org: String, id: String) async throws -> [MediaFile] {
        try await pool.read { db in try Self.fetchMediaFiles(db, org: org, id: id) }
    }

    private static let mediaColumns = """
        org, id, kind, content_type, size, sha256, width, height, duration_seconds, file_name, public_token, state,
        received, created_at, updated_at, created_by
        """

    private static func usage(_ db: Database, org: String) throws -> Int64 {
        try Int64.fetchOne(db, sql: "SELECT COALESCE(SUM(size), 0) FROM media WHERE org = ? AND state != 'removed'",
                           arguments: [org]) ?? 0
    }

    private static func fetchMedia(_ db: Database, org: String, id: String) throws -> MediaItem? {
        try Row.fetchOne(db, sql: "SELECT \(mediaColumns) FROM media WHERE org = ? AND id = ?", arguments: [org, id])
            .flatMap(mediaItem(from:))
    }

    private static func fetchMediaFiles(_ db: Database, org: String, id: String) throws -> [MediaFile] {
        try Row.fetchAll(db, sql: """
            SELECT variant, content_type, size, sha256, width, height FROM media_files WHERE org = ? AND media_id = ?
            ORDER BY variant
            """, arguments: [org, id]).compactMap { row in
            guard let variant = MediaVariant(rawValue: row["variant"]) else { return nil }
            return MediaFile(variant: variant, contentType: row["content_type"], size: row["size"], sha256: row["sha256"],
                             width: row["width"], height: row["height"])
        }
    }

    private static func mediaItem(from row: Row) -> MediaItem? {
        guard let state = MediaState(rawValue: row["state"]) else { return nil }
        let kind: String? = row["kind"]
        return MediaItem(id: row["id"], org: row["org"], kind: kind.flatMap(MediaKind.init(rawValue:)),
                         contentType: row["content_type"], size: row["size"], sha256: row["sha256"],
                         width: row["width"], height: row["height"], durationSeconds: row["duration_seconds"],
                         fileName: row["file_name"], publicToken: row["public_token"], state: state,
                         received: row["received"], createdAt: Milliseconds.date(row["created_at"]),
                         updatedAt: Milliseconds.date(row["updated_at"]), createdBy: row["created_by"])
    }
}
