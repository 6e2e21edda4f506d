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
        let text = SearchWords.indexedText(of: record.fields, type: type)
        try db.cachedStatement(sql: """
            INSERT INTO recordSearchEntry (entity, id, orgId, sortKey, words, isbn13, isbn10) VALUES (?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (entity, id) DO UPDATE SET orgId = excluded.orgId, sortKey = excluded.sortKey,
                words = excluded.words, isbn13 = excluded.isbn13, isbn10 = excluded.isbn10
            """).execute(arguments: [record.entity, record.key, UUIDColumn.encode(record.orgId),
                                     sortKey(of: record.fields, type: type), text.words,
                                     text.isbn?.isbn13, text.isbn?.isbn10?.lowercased()])
    }

    static func removeEntry(entity: String, id: String, _ db: Database) throws {
        try db.cachedStatement(sql: "DELETE FROM recordSearchEntry WHERE entity = ? AND id = ?")
            .execute(arguments: [entity, id])
    }

    /// Builds the lines of every live record of the indexed types (the migration; a bulk load).
    public static func rebuild(_ db: Database) throws {
        // The lines of "v12: lending library search index" are written again by "v15: library
        // search by ISBN prefix", whose columns they need: until then there is nothing to write.
        guard try db.columns(in: "recordSearchEntry").contains(where: { $0.name == "isbn13" }) else { return }
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
}
