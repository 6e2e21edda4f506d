import Foundation
import GRDB

/// The loan reads that must stay fast however many past loans there are: each spells the
/// expressions of the partial indexes of `Migrations.registerLibrary` exactly, so SQLite uses
/// them and reads only the open loans.
enum LoanQueries {
    /// The open loans (out, lost, claims-returned) of a book.
    static func openLoans(ofBook bookId: String, orgId: UUID, _ db: Database) throws -> [LocalRecord] {
        try Row.fetchAll(db.cachedStatement(sql: """
            SELECT * FROM record
            WHERE entity = 'loan' AND deleted = 0 AND json_extract(fields, '$.state') <> 'returned'
              AND orgId = ? AND json_extract(fields, '$.book') = ?
            """), arguments: [UUIDColumn.encode(orgId), bookId]).map(SharedRecordStorage.record(from:))
    }

    /// Loans out (not lost, not claimed returned) due between `from` and `through`, both
    /// included; nil: no bound.
    static func outDue(from: LocalDate?, through: LocalDate?, orgId: UUID, _ db: Database) throws -> [LocalRecord] {
        try Row.fetchAll(db.cachedStatement(sql: """
            SELECT * FROM record
            WHERE entity = 'loan' AND deleted = 0 AND json_extract(fields, '$.state') = 'out'
              AND orgId = ? AND json_extract(fields, '$.dueOn') BETWEEN ? AND ?
            """), arguments: [UUIDColumn.encode(orgId), from?.description ?? "0000-00-00", through?.description ?? "9999-99-99"])
            .map(SharedRecordStorage.record(from:))
    }

    /// How many loans are out and due between `from` and `through` (nil: no bound).
    static func countOutDue(from: LocalDate?, through: LocalDate?, orgId: UUID, _ db: Database) throws -> Int {
        try Int.fetchOne(db.cachedStatement(sql: """
            SELECT COUNT(*) FROM record
            WHERE entity = 'loan' AND deleted = 0 AND json_extract(fields, '$.state') = 'out'
              AND orgId = ? AND json_extract(fields, '$.dueOn') BETWEEN ? AND ?
            """), arguments: [UUIDColumn.encode(orgId), from?.description ?? "0000-00-00", through?.description ?? "9999-99-99"]) ?? 0
    }

    /// Every loan of a book or of a borrower, removed ones aside: their history.
    static func loans(where field: String, is id: String, orgId: UUID, _ db: Database) throws -> [LocalRecord] {
        try Row.fetchAll(db, sql: """
            SELECT * FROM record WHERE entity = 'loan' AND deleted = 0 AND orgId = ? AND json_extract(fields, ?) = ?
            """, arguments: [UUIDColumn.encode(orgId), "$." + field, id]).map(SharedRecordStorage.record(from:))
    }
}
