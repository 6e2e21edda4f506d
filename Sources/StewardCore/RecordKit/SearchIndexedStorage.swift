import Foundation
import GRDB

/// Where a type declared `searchIndexed()` keeps its records: the shared record table, plus
/// the record's line in the kit's search index (`recordSearchEntry` and its FTS5 table
/// `recordSearch`, migration "v12: lending library search index"). Deleted records have no
/// line, so the index holds exactly the live records the list shows.
public typealias SearchIndexedStorage = SideTableStorage<RecordSearchIndexLines>

/// The search index as a side table of the record table.
public struct RecordSearchIndexLines: RecordSideTable {
    public init() {}

    public func write(_ record: LocalRecord, _ db: Database) throws {
        try RecordSearchIndex.writeEntry(record, db)
    }

    public func remove(entity: String, id: String, _ db: Database) throws {
        try RecordSearchIndex.removeEntry(entity: entity, id: id, db)
    }

    public func removeLinesWithoutLiveRecords(entity: String, orgId: UUID, _ db: Database) throws {
        try db.execute(sql: """
            DELETE FROM recordSearchEntry WHERE entity = ? AND orgId = ?
              AND id NOT IN (SELECT id FROM record WHERE entity = ? AND orgId = ? AND deleted = 0)
            """, arguments: [entity, UUIDColumn.encode(orgId), entity, UUIDColumn.encode(orgId)])
    }
}

extension RecordType {
    /// Searched through the kit's full-text index rather than in memory, and listed a page at a
    /// time: for types that grow to hundreds of thousands of records (books).
    func searchIndexed() -> RecordType {
        var copy = self
        copy.storage = SearchIndexedStorage()
        return copy
    }

    public var isSearchIndexed: Bool { storage is SearchIndexedStorage }
}
