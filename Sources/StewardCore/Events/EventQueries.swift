import Foundation
import GRDB

/// The reads behind event lists. A list asks first for the ordered keys of what matches (see
/// `EventKeyCache`), then for the rows it is about to show, so showing a search costs little
/// more with a hundred thousand events than with a hundred.
enum EventQueries {
    /// Every key of an organization's live events, in a list order: one scan of an index.
    static func orderedKeys(orgId: UUID, sort: EventSortKey, ascending: Bool, now: Date = Date(), _ db: Database) throws -> [Int64] {
        var arguments: StatementArguments = [UUIDColumn.encode(orgId)]
        if sort == .upcoming {
            let cutoff = DateTimeText.storage(now)
            arguments += [cutoff, cutoff]
        }
        return try Int64.fetchAll(db.cachedStatement(sql: """
            SELECT e.rowid FROM event e WHERE e.orgId = ? AND e.deleted = 0
            ORDER BY \(orderClause(sort, ascending: ascending))
            """), arguments: arguments)
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
                       timeZone, updatedAt, stampValue, rideSharing
                FROM event WHERE rowid IN (\(placeholders))
                """, arguments: StatementArguments(Array(slice)))
            for row in fetched {
                rows.append(EventRow(
                    key: row["rowid"], id: try UUIDColumn.decode(row["id"]), title: row["title"],
                    locationName: row["locationName"], timing: EventTiming(row: row),
                    updatedAt: row["updatedAt"], stampValue: row["stampValue"], rideSharing: row["rideSharing"]))
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
        case .upcoming:
            // Ongoing (no time), then to come (a series, or not ended by the cutoff), then over.
            let toCome = "(e.repeatRule != '' OR e.endsAt > ?)"
            let reverse = ascending ? "" : " DESC"
            return """
                CASE WHEN e.startsAt IS NULL THEN 0 WHEN \(toCome) THEN 1 ELSE 2 END\(reverse),
                CASE WHEN \(toCome) THEN e.startsAt END \(ascending ? "ASC" : "DESC"),
                e.startsAt \(ascending ? "DESC" : "ASC"), e.rowid \(direction)
                """
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
