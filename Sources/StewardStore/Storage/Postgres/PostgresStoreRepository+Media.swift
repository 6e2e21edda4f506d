import Foundation
import PostgresNIO
import StewardCore
import StewardMedia

extension PostgresStoreRepository {
    public func declareMedia(_ item: MediaItem, quota: Int64) async throws -> MediaDeclaration {
        try await transaction { connection, logger in
            // The organization's row lock makes the quota check and the insert one step for
            // every store process.
            guard try await Self.fetchOrg(connection, slug: item.org, lock: true, logger: logger) != nil else {
                throw StoreFailure.unknownOrg(item.org)
            }
            if let existing = try await Self.fetchMedia(connection, org: item.org, id: item.id, logger: logger) {
                return existing.sha256 == item.sha256 && existing.size == item.size ? .existing(existing) : .conflict(existing)
            }
            let used = try await Self.mediaUsage(connection, org: item.org, logger: logger)
            guard used + item.size <= quota else { return .overQuota(used: used) }
            let created = Milliseconds.from(item.createdAt)
            let updated = Milliseconds.from(item.updatedAt)
            let width = item.width.map(Int64.init)
            let height = item.height.map(Int64.init)
            try await connection.query("""
                INSERT INTO media (org, id, kind, content_type, size, sha256, width, height, duration_seconds, file_name,
                                   public_token, state, received, created_at, updated_at, created_by)
                VALUES (\(item.org), \(item.id), \(item.kind?.rawValue), \(item.contentType), \(item.size), \(item.sha256),
                        \(width), \(height), \(item.durationSeconds), \(item.fileName), \(item.publicToken),
                        \(item.state.rawValue), \(item.received), \(created), \(updated), \(item.createdBy))
                """, logger: logger)
            return .created(try await Self.fetchMedia(connection, org: item.org, id: item.id, logger: logger) ?? item)
        }
    }

    public func mediaItem(org: String, id: String) async throws -> MediaItem? {
        try await transaction { connection, logger in
            try await Self.fetchMedia(connection, org: org, id: id, logger: logger)
        }
    }

    public func mediaItems(org: String) async throws -> [MediaItem] {
        try await transaction { connection, logger in
            try await Self.mediaItems(connection.query("""
                SELECT \(unescaped: Self.mediaColumns) FROM media WHERE org = \(org) AND state <> 'removed'
                ORDER BY created_at DESC, id
                """, logger: logger))
        }
    }

    public func mediaUsage(org: String) async throws -> Int64 {
        try await transaction { connection, logger in
            try await Self.mediaUsage(connection, org: org, logger: logger)
        }
    }

    public func advanceMediaUpload(org: String, id: String, from: Int64, to: Int64, now: Date) async throws -> Bool {
        try await transaction { connection, logger in
            var moved = false
            for try await _ in try await connection.query("""
                UPDATE media SET received = \(to), updated_at = \(Milliseconds.from(now))
                WHERE org = \(org) AND id = \(id) AND received = \(from) AND state = 'uploading' RETURNING id
                """, logger: logger).decode(String.self) {
                moved = true
            }
            return moved
        }
    }

    public func setMediaType(org: String, id: String, kind: MediaKind, contentType: String, now: Date) async throws {
        try await transaction { connection, logger in
            _ = try await connection.query("""
                UPDATE media SET kind = \(kind.rawValue), content_type = \(contentType), updated_at = \(Milliseconds.from(now))
                WHERE org = \(org) AND id = \(id)
                """, logger: logger)
        }
    }

    public func completeMedia(org: String, id: String, contentType: String, width: Int?, height: Int?,
                              files: [MediaFile], now: Date) async throws -> Bool {
        try await transaction { connection, logger in
            var completed = false
            let width = width.map(Int64.init)
            let height = height.map(Int64.init)
            for try await _ in try await connection.query("""
                UPDATE media SET state = 'ready', content_type = \(contentType), width = \(width), height = \(height),
                                 updated_at = \(Milliseconds.from(now))
                WHERE org = \(org) AND id = \(id) AND state = 'uploading' RETURNING id
                """, logger: logger).decode(String.self) {
                completed = true
            }
            guard completed else { return false }
            for file in files {
                let fileWidth = file.width.map(Int64.init)
                let fileHeight = file.height.map(Int64.init)
                try await connection.query("""
                    INSERT INTO media_files (org, media_id, variant, content_type, size, sha256, width, height)
                    VALUES (\(org), \(id), \(file.variant.rawValue), \(file.contentType), \(file.size), \(file.sha256),
                            \(fileWidth), \(fileHeight))
                    """, logger: logger)
            }
            return true
        }
    }

    public func removeMedia(org: String, id: String, now: Date) async throws -> MediaItem? {
        try await transaction { connection, logger in
            try await connection.query("""
                UPDATE media SET state = 'removed', updated_at = \(Milliseconds.from(now)) WHERE org = \(org) AND id = \(id)
                """, logger: logger)
            try await connection.query("DELETE FROM media_files WHERE org = \(org) AND media_id = \(id)", logger: logger)
            return try await Self.fetchMedia(connection, org: org, id: id, logger: logger)
        }
    }

    public func discardMediaUpload(org: String, id: String) async throws {
        try await transaction { connection, logger in
            try await connection.query("DELETE FROM media_files WHERE org = \(org) AND media_id = \(id)", logger: logger)
            try await connection.query("DELETE FROM media WHERE org = \(org) AND id = \(id) AND state = 'uploading'",
                                       logger: logger)
        }
    }

    public func publicMedia(token: String) async throws -> (item: MediaItem, files: [MediaFile])? {
        try await transaction { connection, logger in
            guard let item = try await Self.mediaItems(connection.query("""
                SELECT \(unescaped: Self.mediaColumns) FROM media WHERE public_token = \(token) AND state = 'ready'
                """, logger: logger)).first else { return nil }
            return (item, try await Self.fetchMediaFiles(connection, org: item.org, id: item.id, logger: logger))
        }
    }

    public func mediaFiles(org: String, id: String) async throws -> [MediaFile] {
        try await transaction { connection, logger in
            try await Self.fetchMediaFiles(connection, org: org, id: id, logger: logger)
        }
    }

    private static let mediaColumns = """
        org, id, kind, content_type, size, sha256, width, height, duration_seconds, file_name, public_token, state,
        received, created_at, updated_at, created_by
        """

    private static func mediaUsage(_ connection: PostgresConnection, org: String, logger: Logger) async throws -> Int64 {
        for try await used in try await connection.query("""
            SELECT COALESCE(SUM(size), 0)::BIGINT FROM media WHERE org = \(org) AND state <> 'removed'
            """, logger: logger).decode(Int64.self) {
            return used
        }
        return 0
    }

    private static func fetchMedia(_ connection: PostgresConnection, org: String, id: String, logger: Logger) async throws -> MediaItem? {
        try await mediaItems(connection.query("""
            SELECT \(unescaped: mediaColumns) FROM media WHERE org = \(org) AND id = \(id)
            """, logger: logger)).first
    }

    private static func fetchMediaFiles(_ connection: PostgresConnection, org: String, id: String,
                                        logger: Logger) async throws -> [MediaFile] {
        var files: [MediaFile] = []
        for try await (variant, type, size, sha, width, height) in try await connection.query("""
            SELECT variant, content_type, size, sha256, width, height FROM media_files
            WHERE org = \(org) AND media_id = \(id) ORDER BY variant
            """, logger: logger).decode((String, String, Int64, String, Int?, Int?).self) {
            guard let variant = MediaVariant(rawValue: variant) else { continue }
            files.append(MediaFile(variant: variant, contentType: type, size: size, sha256: sha, width: width, height: height))
        }
        return files
    }

    private static func mediaItems(_ rows: PostgresRowSequence) async throws -> [MediaItem] {
        var items: [MediaItem] = []
        for try await (org, id, kind, type, size, sha, width, height, duration, name, token, state, received, created,
                       updated, author) in rows.decode(
            (String, String, String?, String?, Int64, String, Int?, Int?, Double?, String, String, String, Int64, Int64,
             Int64, String).self) {
            guard let state = MediaState(rawValue: state) else { continue }
            items.append(MediaItem(id: id, org: org, kind: kind.flatMap(MediaKind.init(rawValue:)), contentType: type,
                                   size: size, sha256: sha, width: width, height: height, durationSeconds: duration,
                                   fileName: name, publicToken: token, state: state, received: received,
                                   createdAt: Milliseconds.date(created), updatedAt: Milliseconds.date(updated),
                                   createdBy: author))
        }
        return items
    }
}
