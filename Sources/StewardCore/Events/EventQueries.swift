import Foundation
import GRDB

/// The reads behind event lists. A list asks first for the ordered keys of what matches (see
/// `EventKeyCache`), then for the rows it is about to show, so showing a search costs little
/// more with a hundred thousand events than with a hundred.
enum EventQueries {
    /// Every key of an organization's live events, in a list order: one scan of an index.
    static func orderedKeys(orgId: UUID, sort: EventSortKey, ascending: Bool, now: Date = Date(), _ db: Database) throws -> [Int64] {
        if sort == .upcoming {
            let keys = try upcomingKeys(orgId: orgId, now: now, db)
            return ascending ? keys : keys.reversed()
        }
        return try Int64.fetchAll(db.cachedStatement(sql: """
            SELECT e.rowid FROM event e WHERE e.orgId = ? AND e.deleted = 0
            ORDER BY \(orderClause(sort, ascending: ascending))
            """), arguments: [UUIDColumn.encode(orgId)])
    }

    /// The order the events page opens in: ongoing events (no time), then those to come
    /// (not ended by `now`, or a series) soonest first, then those over, latest first. Read
    /// from indexes alone, in the order they keep, as the order by start is, so a hundred
    /// thousand events open as quickly as before: what starts after `now` is to come; of what
    /// started by then, only the few still running and the series are.
    static func upcomingKeys(orgId: UUID, now: Date, _ db: Database) throws -> [Int64] {
        let org = UUIDColumn.encode(orgId), cutoff = DateTimeText.storage(now)
        func keys(_ sql: String, _ arguments: StatementArguments) throws -> [Int64] {
            try Int64.fetchAll(db.cachedStatement(sql: sql), arguments: arguments)
        }
        let ongoing = try keys("""
            SELECT rowid FROM event INDEXED BY event_org_start
            WHERE orgId = ? AND deleted = 0 AND startsAt IS NULL ORDER BY rowid
            """, [org])
        // Started by now and not over: running now, or a series (its later dates).
        let started = try Row.fetchAll(db.cachedStatement(sql: """
            SELECT rowid, startsAt FROM event INDEXED BY event_org_start_end
            WHERE orgId = ? AND deleted = 0 AND startsAt <= ? AND endsAt > ?
            """), arguments: [org, cutoff, cutoff])
            + Row.fetchAll(db.cachedStatement(sql: """
            SELECT rowid, startsAt FROM event INDEXED BY event_org_series
            WHERE orgId = ? AND deleted = 0 AND repeatRule != '' AND startsAt <= ?
            """), arguments: [org, cutoff])
        var stillOn = Set<Int64>()
        let startedKeys = started.map { (key: $0[0] as Int64, start: $0[1] as String) }
            .sorted { ($0.start, $0.key) < ($1.start, $1.key) }
            .filter { stillOn.insert($0.key).inserted }
            .map(\.key)
        let later = try keys("""
            SELECT rowid FROM event INDEXED BY event_org_start
            WHERE orgId = ? AND deleted = 0 AND startsAt > ? ORDER BY startsAt, rowid
            """, [org, cutoff])
        // Over: by start, then end, then key, read forwards and turned round.
        let over = try keys("""
            SELECT rowid FROM event INDEXED BY event_org_start_end
            WHERE orgId = ? AND deleted = 0 AND startsAt <= ? AND endsAt <= ? ORDER BY startsAt, endsAt, rowid
            """, [org, cutoff, cutoff])
        return ongoing + startedKeys + later + over.reversed().filter { !stillOn.contains($0) }
    }

    /// How long the longest of an organization's events that happen once lasts, in seconds
    /// (0 when it has none): how far before a searched date one may start and still be on.
    static func longestEvent(orgId: UUID, _ db: Database) throws -> TimeInterval {
        let days = try Double.fetchOne(db, sql: """
            SELECT max(julianday(endsAt) - julianday(startsAt)) FROM event
            WHERE orgId = ? AND deleted = 0 AND repeatRule = '' AND startsAt IS NOT NULL
            """, arguments: [UUIDColumn.encode(orgId)]) ?? 0
        return max(0, days * 86_400)
    }

    /// The keys of the events over by `now` (ended; a series never is): where the upcoming
    /// order's past part begins, for the list's "Past Events".
    static func overKeys(orgId: UUID, now: Date, _ db: Database) throws -> [Int64] {
        let cutoff = DateTimeText.storage(now)
        return try Int64.fetchAll(db.cachedStatement(sql: """
            SELECT rowid FROM event INDEXED BY event_org_start_end
            WHERE orgId = ? AND deleted = 0 AND startsAt <= ? AND endsAt <= ? AND repeatRule = ''
            """), arguments: [UUIDColumn.encode(orgId), cutoff, cutoff])
    }

    /// The keys of the events that concern `choice` (`CampusChoice.concerns`): tagged with its
    /// campus or none, and with its ministry or none.
    static func keys(orgId: UUID, concerning choice: CampusChoice, _ db: Database) throws -> [Int64] {
        try Int64.fetchAll(db.cachedStatement(sql: """
            SELECT rowid FROM event
            WHERE orgId = ? AND deleted = 0 AND (? = '' OR campus = '' OR campus = ?) AND (? = '' OR ministry = '' OR ministry = ?)
            """), arguments: [UUIDColumn.encode(orgId), choice.campus, choice.campus, choice.ministry, choice.ministry])
    }

    /// The keys of the events on during `dates` (a date searched for): one that happens once
    /// when any of it falls in them (a weekend festival is found on its Saturday), a series when
    /// one of its occurrences starts in them. Two range reads of the start indexes, the first
    /// from `longest` (the longest event's length) before the range, so it reads the events near
    /// the dates rather than every one before them; only the series that began before the end
    /// are expanded.
    static func keys(orgId: UUID, occurringIn dates: DateInterval, longest: TimeInterval, _ db: Database) throws -> [Int64] {
        let org = UUIDColumn.encode(orgId)
        let from = DateTimeText.storage(dates.start), to = DateTimeText.storage(dates.end)
        let earliest = DateTimeText.storage(dates.start.addingTimeInterval(-longest - 1))
        var keys = try Int64.fetchAll(db.cachedStatement(sql: """
            SELECT rowid FROM event INDEXED BY event_org_start_end
            WHERE orgId = ? AND deleted = 0 AND startsAt >= ? AND startsAt < ? AND endsAt > ? AND repeatRule = ''
            """), arguments: [org, earliest, to, from])
        let series = try Row.fetchAll(db.cachedStatement(sql: """
            SELECT rowid AS key, * FROM event INDEXED BY event_org_series
            WHERE orgId = ? AND deleted = 0 AND repeatRule != '' AND startsAt < ?
            """), arguments: [org, to])
        guard !series.isEmpty else { return keys }
        let zoneName = try String.fetchOne(db, sql: "SELECT timeZone FROM organization WHERE id = ?", arguments: [org])
        let zone = zoneName.flatMap(TimeZone.init(identifier:)) ?? .gmt
        for row in series where !(try Event(row: row).occurrences(from: dates.start, to: dates.end, zone: zone).isEmpty) {
            keys.append(row["key"])
        }
        return keys
    }

    static func rows(for keys: [Int64], _ db: Database) throws -> [EventRow] {
        guard !keys.isEmpty else { return [] }
        var rows: [EventRow] = []
        rows.reserveCapacity(keys.count)
        // Chunks keep each statement under SQLite's variable limit.
        for chunk in stride(from: 0, to: keys.count, by: 500) {
            let slice = keys[chunk..<min(chunk + 500, keys.count)]
            let placeholders = Array(repeating: "?", count: slice.count).joined(separator: ",")
            let fetched = try Row.fetchAll(db, sql: """
                SELECT rowid, id, title, locationName, timingKind, startsAt, endsAt, startDate, endDate,
                       timeZone, updatedAt, stampValue, rideSharing, repeatRule, imageURL
                FROM event WHERE rowid IN (\(placeholders))
                """, arguments: StatementArguments(Array(slice)))
            for row in fetched {
                rows.append(EventRow(
                    key: row["rowid"], id: try UUIDColumn.decode(row["id"]), title: row["title"],
                    locationName: row["locationName"], timing: EventTiming(row: row),
                    updatedAt: row["updatedAt"], stampValue: row["stampValue"], rideSharing: row["rideSharing"],
                    repeatRule: row["repeatRule"] ?? "", imageURL: row["imageURL"]))
            }
        }
        return rows
    }

    static func events(for query: EventQuery, keys: [Int64], _ db: Database) throws -> [Event] {
        var byKey: [Int64: Event] = [:]
        for chunk in stride(from: 0, to: keys.count, by: 500) {
            let slice = Array(keys[chunk..<min(chunk + 500, keys.count)])
            let placeholders = Array(repeating: "?", count: slice.count).joined(separator: ",")
            for row in try Row.fetchAll(db, sql: "SELECT rowid AS key, * FROM event WHERE rowid IN (\(placeholders))",
                                        arguments: StatementArguments(slice)) {
                byKey[row["key"]] = try Event(row: row)
            }
        }
        return keys.compactMap { byKey[$0] }
    }

    private static func orderClause(_ sort: EventSortKey, ascending: Bool) -> String {
        let direction = ascending ? "ASC" : "DESC"
        switch sort {
        case .starts: return "e.startsAt \(direction), e.rowid \(direction)"
        case .title: return "e.title COLLATE NOCASE \(direction), e.rowid \(direction)"
        case .location: return "e.locationName COLLATE NOCASE \(direction), e.rowid \(direction)"
        case .updated: return "e.updatedAt \(direction), e.rowid \(direction)"
        case .upcoming: return "e.startsAt \(direction), e.rowid \(direction)"  // read by `upcomingKeys`
        }
    }
}

/// Turns what a person types in a search box into an FTS5 query: every word must match the
/// start of a word in the event, so "fam pic" finds "Family Picnic".
public enum SearchText {
    public static func ftsQuery(_ text: String) -> String? {
        let words = text.lowercased().split(whereSeparator: { !($0.isLetter || $0.isNumber) })
        guard !words.isEmpty else { return nil }
        return words.prefix(8).map { "\"\($0)\"*" }.joined(separator: " ")
    }
}
