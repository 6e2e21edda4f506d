import Foundation
import GRDB

/// One page of a list: records in the list's order, and how many there are in all; a broad
/// search counts no further than it needs to (`totalIsLowerBound`: "more than 2,000").
public struct RecordPage: Sendable {
    public let records: [LocalRecord]
    public let total: Int
    /// The search matched more than `total` records; the page holds some of them, not the first.
    public let totalIsLowerBound: Bool

    public init(records: [LocalRecord], total: Int, totalIsLowerBound: Bool = false) {
        self.records = records
        self.total = total
        self.totalIsLowerBound = totalIsLowerBound
    }

    public var isComplete: Bool { records.count >= total && !totalIsLowerBound }
}

/// The kit's full-text index of the types declared `searchIndexed()`: one line per live record
/// with the words it is found by (`SearchWords.indexText`) and its place in the list's order,
/// so a keystroke reads only the page it shows, whatever the number of records.
public enum RecordSearchIndex {
    // MARK: Keeping it in step

    static func writeEntry(_ record: LocalRecord, _ db: Database) throws {
        guard !record.deleted, let type = RecordTypes.named(record.entity) else {
            try removeEntry(entity: record.entity, id: record.key, db)
            return
        }
        try db.cachedStatement(sql: """
            INSERT INTO recordSearchEntry (entity, id, orgId, sortKey, words) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (entity, id) DO UPDATE SET orgId = excluded.orgId, sortKey = excluded.sortKey,
                words = excluded.words
            """).execute(arguments: [record.entity, record.key, UUIDColumn.encode(record.orgId),
                                     sortKey(of: record.fields, type: type),
                                     SearchWords.indexText(of: record.fields, type: type)])
    }

    static func removeEntry(entity: String, id: String, _ db: Database) throws {
        try db.cachedStatement(sql: "DELETE FROM recordSearchEntry WHERE entity = ? AND id = ?")
            .execute(arguments: [entity, id])
    }

    /// Builds the lines of every live record of the indexed types (the migration; a bulk load).
    public static func rebuild(_ db: Database) throws {
        for type in RecordTypes.all where type.isSearchIndexed {
            try db.execute(sql: "DELETE FROM recordSearchEntry WHERE entity = ?", arguments: [type.entity])
            let rows = try Row.fetchCursor(db, sql: "SELECT * FROM record WHERE entity = ? AND deleted = 0",
                                           arguments: [type.entity])
            while let row = try rows.next() {
                try writeEntry(try SharedRecordStorage.record(from: row), db)
            }
        }
    }

    /// The list's order as one text: the order field's value (numbers padded so they sort as
    /// numbers, empty values last), then the title; both folded like the search's words.
    static func sortKey(of fields: JSONValue, type: RecordType) -> String {
        let order: String
        switch fields[type.orderField] {
        case .int(let number)?: order = String(format: "%020llu", UInt64(bitPattern: number) ^ (1 << 63))
        case .bool(let flag)?: order = flag ? "0" : "1"
        case .string(let text)? where !text.isEmpty: order = SearchWords.folded(text)
        default: order = "\u{10FFFF}"
        }
        return order + "\u{1}" + SearchWords.folded(type.title(of: fields))
    }

    // MARK: Reading it

    /// Beyond this many matches a search is broad: a page of its matches is read as the index
    /// gives them (then put in order), and the count stops there. Sorting every match of a
    /// one-letter search to show its first page would cost more than a frame at 100,000 books,
    /// and nobody reads 2,000 books down a list: they type another letter.
    static let broadSearch = 2_000

    /// The live records of the type whose words start with every word of `search` (all of
    /// them, in the list's order, for an empty search): at most `limit` of them, in the list's
    /// order, and how many match.
    static func page(_ type: RecordType, orgId: UUID, search: String, limit: Int?, _ db: Database) throws -> RecordPage {
        let org = UUIDColumn.encode(orgId)
        let direction = type.orderDescending ? "DESC" : "ASC"
        let limitClause = limit.map { "LIMIT \($0)" } ?? ""
        guard let query = SearchWords.ftsQuery(search) else {
            let total = try Int.fetchOne(db.cachedStatement(sql: """
                SELECT COUNT(*) FROM recordSearchEntry WHERE entity = ? AND orgId = ?
                """), arguments: [type.entity, org]) ?? 0
            let rows = try Row.fetchAll(db, sql: """
                SELECT r.* FROM recordSearchEntry e INDEXED BY recordSearchEntry_order
                CROSS JOIN record r ON r.entity = e.entity AND r.id = e.id
                WHERE e.entity = ? AND e.orgId = ? ORDER BY e.sortKey \(direction) \(limitClause)
                """, arguments: [type.entity, org])
            return RecordPage(records: try rows.map(SharedRecordStorage.record(from:)), total: total)
        }
        let matches = """
            FROM recordSearch s CROSS JOIN recordSearchEntry e ON e.rowid = s.rowid
            CROSS JOIN record r ON r.entity = e.entity AND r.id = e.id
            WHERE s.recordSearch MATCH ? AND e.entity = ? AND e.orgId = ?
            """
        if let limit {
            let counted = try Int.fetchOne(db.cachedStatement(sql: """
                SELECT COUNT(*) FROM (SELECT 1 FROM recordSearch s CROSS JOIN recordSearchEntry e ON e.rowid = s.rowid
                                      WHERE s.recordSearch MATCH ? AND e.entity = ? AND e.orgId = ? LIMIT ?)
                """), arguments: [query, type.entity, org, broadSearch + 1]) ?? 0
            if counted > broadSearch {
                let rows = try Row.fetchAll(db, sql: "SELECT r.* \(matches) LIMIT \(limit)", arguments: [query, type.entity, org])
                return RecordPage(records: try rows.map(SharedRecordStorage.record(from:)), total: broadSearch,
                                  totalIsLowerBound: true)
            }
            let rows = try Row.fetchAll(db, sql: "SELECT r.* \(matches) ORDER BY e.sortKey \(direction) \(limitClause)",
                                        arguments: [query, type.entity, org])
            return RecordPage(records: try rows.map(SharedRecordStorage.record(from:)), total: counted)
        }
        let rows = try Row.fetchAll(db, sql: "SELECT r.* \(matches) ORDER BY e.sortKey \(direction)", arguments: [query, type.entity, org])
        return RecordPage(records: try rows.map(SharedRecordStorage.record(from:)), total: rows.count)
    }
}
