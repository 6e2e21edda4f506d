import Foundation
import GRDB
import Translation

/// Imports a catalogue file: the preview first (what is new, what the library has already,
/// which rows cannot be read), then the new books written a batch at a time, each through the
/// kit (validated by the book's declaration, with its outbox, history and search-index
/// entries), so an import syncs like books typed in by hand. Importing the same file again adds
/// nothing: its books are found by ISBN, or by title and author.
public final class BookImporter: Sendable {
    public let database: AppDatabase

    /// Rows of the file per transaction: large enough that a commit's cost is spread thin,
    /// small enough that a sync or an edit waits at most a fraction of a second for its turn.
    public static let batchSize = 1_000

    public init(database: AppDatabase) {
        self.database = database
    }

    /// What importing `file` would do; writes nothing.
    public func preview(_ file: BookImportFile, in org: Organization, now: Date = Date()) async throws -> BookImportPreview {
        try await database.writer.read { db in try Self.plan(file, org: org, today: LoanService.today(in: org, now: now), db) }
    }

    /// Imports the file and returns what was done: the preview, planned batch by batch in the
    /// transactions that write it, so it is exactly what was written.
    ///
    /// Batches: the file's rows are sorted and their new books written `batchSize` rows to a
    /// transaction. A batch is written whole or not at all, and each book with its outbox,
    /// history and search-index entries, so no book is ever half written. Between batches
    /// other writes take their turn; each batch first reads the books they added to the
    /// catalogue, so none is imported again. Should a batch fail (a full disk), the batches
    /// before it stay written and `BookImportStopped` says which books they hold.
    public func run(_ file: BookImportFile, in org: Organization, now: Date = Date(),
                    batchSize: Int = BookImporter.batchSize) async throws -> BookImportPreview {
        var plan = BookImportPlan(format: file.format, org: org, today: LoanService.today(in: org, now: now))
        for start in stride(from: 0, to: file.rows.count, by: max(1, batchSize)) {
            let rows = file.rows[start..<min(start + max(1, batchSize), file.rows.count)]
            do {
                plan = try await database.writer.write { [plan] db in
                    var batch = plan
                    try batch.learnCatalogue(db)
                    let books = try batch.sort(rows, db)
                    let author = try HistoryLog.localAuthor(orgId: org.id, db)
                    let stamp = Date.storedNow
                    for book in books {
                        let record = LocalRecord(entity: RecordType.book.entity, id: book.id, orgId: org.id,
                                                 createdAt: stamp, updatedAt: stamp, fields: book.fields)
                        try RecordWrites.save(record, previous: nil, org: org, author: author, db)
                    }
                    try batch.skipRowsWrittenHere(db)
                    return batch
                }
            } catch {
                throw BookImportStopped(imported: plan.preview, stoppedAtRow: rows.first?.number ?? 0,
                                        problem: String(describing: error))
            }
        }
        return plan.preview
    }

    /// Sorts each row into new, duplicate or error against the organization's live books.
    static func plan(_ file: BookImportFile, org: Organization, today: LocalDate, _ db: Database) throws -> BookImportPreview {
        var plan = BookImportPlan(format: file.format, org: org, today: today)
        try plan.learnCatalogue(db)
        try plan.sort(file.rows[...], db)
        return plan.preview
    }
}

/// An import that stopped part way (a batch could not be written): the batches before it are
/// in the catalogue, each book whole; `imported` is what they hold, as `BookImporter.run`
/// would have answered for the rows before `stoppedAtRow`.
public struct BookImportStopped: Error, CustomStringConvertible, Sendable {
    public var imported: BookImportPreview
    /// The first row of the batch that was not written: importing the file again adds the
    /// books from there on (those before it are found as duplicates).
    public var stoppedAtRow: Int
    public var problem: String

    public var description: String {
        trn("Imported {count} book, then stopped at row {row} ({problem}); import the file again to add the rest",
            "Imported {count} books, then stopped at row {row} ({problem}); import the file again to add the rest",
            imported.newBooks.count, ["row": String(stoppedAtRow), "problem": problem])
    }
}
