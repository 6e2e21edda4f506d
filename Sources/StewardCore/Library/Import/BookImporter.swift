import Foundation
import GRDB

/// Imports a catalogue file: the preview first (what is new, what the library has already,
/// which rows cannot be read), then the new books written in one transaction, each through
/// the kit (validated by the book's declaration, with its outbox and history entries), so an
/// import syncs like books typed in by hand. Importing the same file again adds nothing: its
/// books are found by ISBN, or by title and author.
public final class BookImporter: Sendable {
    public let database: AppDatabase

    public init(database: AppDatabase) {
        self.database = database
    }

    /// What importing `file` would do; writes nothing.
    public func preview(_ file: BookImportFile, in org: Organization, now: Date = Date()) async throws -> BookImportPreview {
        try await database.writer.read { db in try Self.plan(file, org: org, today: LoanService.today(in: org, now: now), db) }
    }

    /// Writes the preview's new books together (all or none) and returns the preview, planned
    /// in the same transaction so it is exactly what was written.
    public func run(_ file: BookImportFile, in org: Organization, now: Date = Date()) async throws -> BookImportPreview {
        try await database.writer.write { db in
            let preview = try Self.plan(file, org: org, today: LoanService.today(in: org, now: now), db)
            let author = try HistoryLog.localAuthor(orgId: org.id, db)
            let stamp = Date.storedNow
            for book in preview.newBooks {
                let record = LocalRecord(entity: RecordType.book.entity, id: book.id, orgId: org.id,
                                         createdAt: stamp, updatedAt: stamp, fields: book.fields)
                try RecordWrites.save(record, previous: nil, org: org, author: author, db)
            }
            return preview
        }
    }

    /// Sorts each row into new, duplicate or error against the organization's live books.
    static func plan(_ file: BookImportFile, org: Organization, today: LocalDate, _ db: Database) throws -> BookImportPreview {
        var byISBN: [String: LocalRecord] = [:]
        var byTitle: [String: LocalRecord] = [:]
        for book in try RecordService.live(.book, org: org, db) {
            if let key = BookMatchKeys.isbn(book.fields), byISBN[key] == nil { byISBN[key] = book }
            if let key = BookMatchKeys.titleAndAuthor(book.fields), byTitle[key] == nil { byTitle[key] = book }
        }
        var fileISBN: [String: Int] = [:]
        var fileTitle: [String: Int] = [:]
        var preview = BookImportPreview(format: file.format)
        for row in file.rows {
            let text: [String: String]
            switch row.fields {
            case .failure(let problem):
                preview.errors.append(.init(row: row.number, reason: problem.reason))
                continue
            case .success(let fields):
                text = fields
            }
            // Cells are typed text: "yes" in a flag's column is a flag.
            var input: [String: JSONValue] = [:]
            for (name, cell) in text { input[name] = RecordType.book.field(name)?.kind.typedValue(cell) ?? .string(cell) }
            // A book joins the library the day it is imported unless the file says when.
            if input["addedOn"] == nil { input["addedOn"] = .string(today.description) }
            let fields: JSONValue
            do {
                fields = try RecordType.book.validate(.object(input), orgZone: org.timeZone)
                try RecordService.checkReferences(fields, of: .book, org: org, db)
            } catch let error as ValidationError {
                preview.errors.append(.init(row: row.number, reason: error.description))
                continue
            }
            let isbn = BookMatchKeys.isbn(fields)
            let title = BookMatchKeys.titleAndAuthor(fields)
            func duplicate(_ match: BookImportPreview.Match, existing: LocalRecord?, earlierRow: Int?) -> BookImportPreview.Duplicate {
                .init(row: row.number, title: fields["title"]?.stringValue ?? "", authors: fields["authors"]?.stringValue ?? "",
                      isbn: isbn ?? "", match: match, existing: existing?.id,
                      existingTitle: existing.map { RecordType.book.title(of: $0.fields) } ?? "", earlierRow: earlierRow)
            }
            if let isbn, let book = byISBN[isbn] {
                preview.duplicates.append(duplicate(.isbn, existing: book, earlierRow: nil))
            } else if let title, let book = byTitle[title] {
                preview.duplicates.append(duplicate(.titleAndAuthor, existing: book, earlierRow: nil))
            } else if let isbn, let earlier = fileISBN[isbn] {
                preview.duplicates.append(duplicate(.isbn, existing: nil, earlierRow: earlier))
            } else if let title, let earlier = fileTitle[title] {
                preview.duplicates.append(duplicate(.titleAndAuthor, existing: nil, earlierRow: earlier))
            } else {
                if let isbn { fileISBN[isbn] = row.number }
                if let title { fileTitle[title] = row.number }
                preview.newBooks.append(.init(row: row.number, fields: fields, id: UUID()))
            }
        }
        return preview
    }
}
