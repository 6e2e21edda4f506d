import Foundation
import GRDB

/// The console's side of the canonical dump: byte-identical to the store's
/// (`steward-store dump --org SLUG`) when both hold the same records.
public enum SyncDump {
    /// Every record of the organization, of every type, tombstones included, at its local version.
    public static func records(orgId: UUID, _ db: Database) throws -> [RemoteRecord] {
        try RecordTypes.allRecords(orgId: orgId, db).map { record in
            RemoteRecord(entity: record.entity, id: record.key, version: record.version,
                         deleted: record.deleted, fields: record.fields)
        }
    }

    public static func canonical(orgId: UUID, _ db: Database) throws -> String {
        RemoteRecord.canonicalDump(try records(orgId: orgId, db))
    }

    public static func canonical(orgId: UUID, database: AppDatabase) async throws -> String {
        try await database.writer.read { db in try canonical(orgId: orgId, db) }
    }
}
