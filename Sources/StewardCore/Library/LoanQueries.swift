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

    /// The open loans of several books (a page of the Books list), through the same index.
    static func openLoans(ofBooks bookIds: [String], orgId: UUID, _ db: Database) throws -> [LocalRecord] {
        guard !bookIds.isEmpty else { return [] }
        let marks = Array(repeating: "?", count: bookIds.count).joined(separator: ", ")
        return try Row.fetchAll(db, sql: """
            SELECT * FROM record
            WHERE entity = 'loan' AND deleted = 0 AND json_extract(fields, '$.state') <> 'returned'
              AND orgId = ? AND json_extract(fields, '$.book') IN (\(marks))
            """, arguments: StatementArguments([UUIDColumn.encode(orgId)] + bookIds)).map(SharedRecordStorage.record(from:))
    }

    /// What the overdue report shows of a loan out and due between `from` and `through`, with
    /// its book's and borrower's few fields, read in SQL rather than by parsing records.
    struct ReportRow {
        var loanId, book, borrower, lentOn, dueOn: String
        var renewals: Int
        var title, authors, isbn: String
        var name, phone, email: String
    }

    /// The loan drives the join (a LEFT JOIN keeps it first), so the open-loan index is used.
    static let reportSQL = """
        SELECT l.id, json_extract(l.fields, '$.book') AS book, json_extract(l.fields, '$.borrower') AS borrower,
               json_extract(l.fields, '$.lentOn') AS lentOn, json_extract(l.fields, '$.dueOn') AS dueOn,
               json_extract(l.fields, '$.renewals') AS renewals,
               json_extract(b.fields, '$.title') AS title, json_extract(b.fields, '$.authors') AS authors,
               json_extract(b.fields, '$.isbn') AS isbn,
               json_extract(p.fields, '$.name') AS name, json_extract(p.fields, '$.phone') AS phone,
               json_extract(p.fields, '$.email') AS email
        FROM record l
        LEFT JOIN record b ON b.entity = 'book' AND b.id = json_extract(l.fields, '$.book')
        LEFT JOIN record p ON p.entity = 'borrower' AND p.id = json_extract(l.fields, '$.borrower')
        WHERE l.entity = 'loan' AND l.deleted = 0 AND json_extract(l.fields, '$.state') = 'out'
          AND l.orgId = ? AND json_extract(l.fields, '$.dueOn') BETWEEN ? AND ?
        """

    static func reportRows(from: LocalDate?, through: LocalDate?, orgId: UUID, _ db: Database) throws -> [ReportRow] {
        let rows = try Row.fetchAll(db.cachedStatement(sql: reportSQL),
                                    arguments: [UUIDColumn.encode(orgId), from?.description ?? "0000-00-00", through?.description ?? "9999-99-99"])
        return rows.map { row in
            ReportRow(loanId: row["id"], book: row["book"] ?? "", borrower: row["borrower"] ?? "",
                      lentOn: row["lentOn"] ?? "", dueOn: row["dueOn"] ?? "", renewals: row["renewals"] ?? 0,
                      title: row["title"] ?? "", authors: row["authors"] ?? "", isbn: row["isbn"] ?? "",
                      name: row["name"] ?? "", phone: row["phone"] ?? "", email: row["email"] ?? "")
        }
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
