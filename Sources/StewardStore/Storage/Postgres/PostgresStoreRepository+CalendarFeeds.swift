import Foundation
import PostgresNIO
import StewardCore

extension PostgresStoreRepository {
    public func addCalendarFeed(hash: String, org: String, audience: String?, createdAt: Date) async throws {
        try await transaction { connection, logger in
            guard try await Self.fetchOrg(connection, slug: org, lock: false, logger: logger) != nil else {
                throw StoreFailure.unknownOrg(org)
            }
            try await connection.query("""
                INSERT INTO calendar_feeds (hash, org, audience, created_at)
                VALUES (\(hash), \(org), \(audience), \(Milliseconds.from(createdAt)))
                """, logger: logger)
        }
    }

    public func calendarFeed(forHash hash: String) async throws -> CalendarFeed? {
        try await transaction { connection, logger in
            try await Self.feeds(connection.query("""
                SELECT hash, org, audience, created_at, revoked_at FROM calendar_feeds WHERE hash = \(hash)
                """, logger: logger)).first
        }
    }

    public func calendarFeeds(org: String) async throws -> [CalendarFeed] {
        try await transaction { connection, logger in
            try await Self.feeds(connection.query("""
                SELECT hash, org, audience, created_at, revoked_at FROM calendar_feeds WHERE org = \(org)
                ORDER BY created_at, hash
                """, logger: logger))
        }
    }

    public func revokeCalendarFeed(id: String, now: Date) async throws -> CalendarFeedRevocation {
        try await transaction { connection, logger in
            let length = Int32(TokenInfo.idLength)
            guard let feed = try await Self.feeds(connection.query("""
                SELECT hash, org, audience, created_at, revoked_at FROM calendar_feeds WHERE substr(hash, 1, \(length)) = \(id)
                FOR UPDATE
                """, logger: logger)).first else { return .notFound }
            if feed.revokedAt != nil { return .alreadyRevoked(feed) }
            let at = Milliseconds.from(now)
            try await connection.query("""
                UPDATE calendar_feeds SET revoked_at = \(at) WHERE substr(hash, 1, \(length)) = \(id)
                """, logger: logger)
            var revoked = feed
            revoked.revokedAt = Milliseconds.date(at)
            return .revoked(revoked)
        }
    }

    public func lastChange(org: String, entity: String) async throws -> Int64? {
        try await transaction { connection, logger in
            for try await (last) in try await connection.query("""
                SELECT max(changed_at) FROM records WHERE org = \(org) AND entity = \(entity)
                """, logger: logger).decode(Int64?.self) {
                return last
            }
            return nil
        }
    }

    private static func feeds(_ rows: PostgresRowSequence) async throws -> [CalendarFeed] {
        var feeds: [CalendarFeed] = []
        for try await (hash, org, audience, created, revoked) in rows.decode((String, String, String?, Int64, Int64?).self) {
            feeds.append(CalendarFeed(id: CalendarFeed.id(forHash: hash), org: org, audience: audience,
                                      createdAt: Milliseconds.date(created), revokedAt: revoked.map(Milliseconds.date)))
        }
        return feeds
    }
}
