import Foundation
import GRDB
import StewardCore

extension SQLiteStoreRepository {
    public func addCalendarFeed(hash: String, org: String, audience: String?, createdAt: Date) async throws {
        try await pool.write { db in
            guard try Self.fetchOrg(db, slug: org) != nil else { throw StoreFailure.unknownOrg(org) }
            try db.execute(sql: "INSERT INTO calendar_feeds (hash, org, audience, created_at) VALUES (?, ?, ?, ?)",
                           arguments: [hash, org, audience, Milliseconds.from(createdAt)])
        }
    }

    public func calendarFeed(forHash hash: String) async throws -> CalendarFeed? {
        try await pool.read { db in
            try Row.fetchOne(db, sql: "SELECT \(Self.feedColumns) FROM calendar_feeds WHERE hash = ?", arguments: [hash])
                .map(Self.calendarFeed(from:))
        }
    }

    public func calendarFeeds(org: String) async throws -> [CalendarFeed] {
        try await pool.read { db in
            try Row.fetchAll(db, sql: "SELECT \(Self.feedColumns) FROM calendar_feeds WHERE org = ? ORDER BY created_at, hash",
                             arguments: [org]).map(Self.calendarFeed(from:))
        }
    }

    public func revokeCalendarFeed(id: String, now: Date) async throws -> CalendarFeedRevocation {
        try await pool.write { db in
            guard let feed = try Row.fetchOne(db, sql: "SELECT \(Self.feedColumns) FROM calendar_feeds WHERE substr(hash, 1, ?) = ?",
                                              arguments: [TokenInfo.idLength, id]).map(Self.calendarFeed(from:)) else {
                return .notFound
            }
            if feed.revokedAt != nil { return .alreadyRevoked(feed) }
            try db.execute(sql: "UPDATE calendar_feeds SET revoked_at = ? WHERE substr(hash, 1, ?) = ?",
                           arguments: [Milliseconds.from(now), TokenInfo.idLength, id])
            var revoked = feed
            revoked.revokedAt = Milliseconds.date(Milliseconds.from(now))
            return .revoked(revoked)
        }
    }

    public func lastChange(org: String, entity: String) async throws -> Int64? {
        try await pool.read { db in
            try Int64.fetchOne(db, sql: "SELECT max(changed_at) FROM records WHERE org = ? AND entity = ?", arguments: [org, entity])
        }
    }

    private static let feedColumns = "hash, org, audience, created_at, revoked_at"

    private static func calendarFeed(from row: Row) -> CalendarFeed {
        let revoked: Int64? = row["revoked_at"]
        return CalendarFeed(id: CalendarFeed.id(forHash: row["hash"]), org: row["org"], audience: row["audience"],
                            createdAt: Milliseconds.date(row["created_at"]), revokedAt: revoked.map(Milliseconds.date))
    }
}
