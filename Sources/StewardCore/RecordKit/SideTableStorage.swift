import Foundation
import GRDB

/// A table a record type keeps beside the shared `record` table, one line per live record,
/// for what must be listed or searched without parsing every record: the search index of
/// `searchIndexed()` types, the approval queue's lines of submissions.
public protocol RecordSideTable: Sendable {
    init()
    /// Writes the record's line, or removes it for a deleted record.
    func write(_ record: LocalRecord, _ db: Database) throws
    func remove(entity: String, id: String, _ db: Database) throws
    /// Removes the lines of the organization's records of `entity` that are no longer live.
    func removeLinesWithoutLiveRecords(entity: String, orgId: UUID, _ db: Database) throws
}

/// The shared record table with a side table written in the same transaction, by every path
/// that writes a record (local edits, pulls, resyncs), so the side table holds exactly the live
/// records.
public struct SideTableStorage<Side: RecordSideTable>: LocalRecordStorage {
    private let records = SharedRecordStorage()
    let side = Side()

    public init() {}

    public func fetch(entity: String, id: String, _ db: Database) throws -> LocalRecord? {
        try records.fetch(entity: entity, id: id, db)
    }

    public func write(_ record: LocalRecord, org: Organization, _ db: Database) throws {
        try records.write(record, org: org, db)
        try side.write(record, db)
    }

    public func setVersion(_ version: Int64, entity: String, id: String, _ db: Database) throws {
        try records.setVersion(version, entity: entity, id: id, db)
    }

    public func remove(entity: String, id: String, _ db: Database) throws {
        try records.remove(entity: entity, id: id, db)
        try side.remove(entity: entity, id: id, db)
    }

    public func all(entity: String, orgId: UUID, _ db: Database) throws -> [LocalRecord] {
        try records.all(entity: entity, orgId: orgId, db)
    }

    public func dropUnseen(entity: String, orgId: UUID, throughVersion: Int64, _ db: Database) throws -> Int {
        let dropped = try records.dropUnseen(entity: entity, orgId: orgId, throughVersion: throughVersion, db)
        try side.removeLinesWithoutLiveRecords(entity: entity, orgId: orgId, db)
        return dropped
    }
}
