import Foundation
import GRDB

/// Where a type declared `searchIndexed()` keeps its records: the shared record table, plus
/// the record's line in the kit's search index (`recordSearchEntry` and its FTS5 table
/// `recordSearch`, migration "v12: lending library search index"), written in the same
/// transaction by every path that writes a record: local edits, pulls, resyncs. Deleted
/// records have no line, so the index holds exactly the live records the list shows.
public struct SearchIndexedStorage: LocalRecordStorage {
    private let records = SharedRecordStorage()

    public init() {}

    public func fetch(entity: String, id: String, _ db: Database) throws -> LocalRecord? {
        try records.fetch(entity: entity, id: id, db)
    }

    public func write(_ record: LocalRecord, org: Organization, _ db: Database) throws {
        try records.write(record, org: org, db)
        try RecordSearchIndex.writeEntry(record, db)
    }

    public func setVersion(_ version: Int64, entity: String, id: String, _ db: Database) throws {
        try records.setVersion(version, entity: entity, id: id, db)
    }

    public func remove(entity: String, id: String, _ db: Database) throws {
        try records.remove(entity: entity, id: id, db)
        try RecordSearchIndex.removeEntry(entity: entity, id: id, db)
    }

    public func all(entity: String, orgId: UUID, _ db: Database) throws -> [LocalRecord] {
        try records.all(entity: entity, orgId: orgId, db)
    }

    public func dropUnseen(entity: String, orgId: UUID, throughVersion: Int64, _ db: Database) throws -> Int {
        let dropped = try records.dropUnseen(entity: entity, orgId: orgId, throughVersion: throughVersion, db)
        try db.execute(sql: """
            DELETE FROM recordSearchEntry WHERE entity = ? AND orgId = ?
              AND id NOT IN (SELECT id FROM record WHERE entity = ? AND orgId = ? AND deleted = 0)
            """, arguments: [entity, UUIDColumn.encode(orgId), entity, UUIDColumn.encode(orgId)])
        return dropped
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
