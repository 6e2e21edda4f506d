import Foundation
import GRDB

/// What was last sent to a CalDAV calendar for one event (table `calDAVResource`): where it is
/// (`href`), the server's ETag for it (nil when the server gave none), and the SHA-256 of the text
/// sent, which tells the next run whether the event changed since.
public struct PublishedResource: Hashable, Sendable {
    public var eventId: UUID
    public var href: String
    public var etag: String?
    public var bodyHash: String

    public init(eventId: UUID, href: String, etag: String?, bodyHash: String) {
        self.eventId = eventId
        self.href = href
        self.etag = etag
        self.bodyHash = bodyHash
    }
}

/// The `calDAVResource` rows of one organization and calendar collection. Each row is written
/// only after the server took the request it stands for, one row at a time, so a run that
/// stops half way leaves the table true to what the server holds.
public struct PublishedResources: Sendable {
    public let database: AppDatabase
    public let orgId: UUID
    /// The collection's address, as `CalDAVAddress.collection` writes it.
    public let collectionURL: String

    public init(database: AppDatabase, orgId: UUID, collectionURL: String) {
        self.database = database
        self.orgId = orgId
        self.collectionURL = collectionURL
    }

    public func all() async throws -> [PublishedResource] {
        try await database.writer.read { [orgId, collectionURL] db in
            try Row.fetchAll(db, sql: """
                SELECT eventId, href, etag, bodyHash FROM calDAVResource
                WHERE orgId = ? AND collectionURL = ? ORDER BY eventId
                """, arguments: [UUIDColumn.encode(orgId), collectionURL]).compactMap { row in
                guard let id = UUID(uuidString: row["eventId"]) else { return nil }
                return PublishedResource(eventId: id, href: row["href"], etag: row["etag"], bodyHash: row["bodyHash"])
            }
        }
    }

    public func save(_ resource: PublishedResource) async throws {
        try await database.writer.write { [orgId, collectionURL] db in
            try db.execute(sql: """
                INSERT INTO calDAVResource (orgId, collectionURL, eventId, href, etag, bodyHash) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (orgId, collectionURL, eventId) DO UPDATE SET
                    href = excluded.href, etag = excluded.etag, bodyHash = excluded.bodyHash
                """, arguments: [UUIDColumn.encode(orgId), collectionURL, UUIDColumn.encode(resource.eventId),
                                 resource.href, resource.etag, resource.bodyHash])
        }
    }

    public func remove(_ eventId: UUID) async throws {
        try await database.writer.write { [orgId, collectionURL] db in
            try db.execute(sql: "DELETE FROM calDAVResource WHERE orgId = ? AND collectionURL = ? AND eventId = ?",
                           arguments: [UUIDColumn.encode(orgId), collectionURL, UUIDColumn.encode(eventId)])
        }
    }
}
