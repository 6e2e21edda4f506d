import Foundation
import GRDB

/// Sorts an import's rows into new books, duplicates and errors, a run of rows at a time, as
/// `BookImporter` writes them: what the catalogue holds is read once (`learnCatalogue`), and
/// then only the books added to it since, so a batch written after another write (a sync, an
/// edit) still finds the books it brought.
struct BookImportPlan: Sendable {
    let org: Organization
    let today: LocalDate
    private(set) var preview: BookImportPreview
    private var byISBN: [String: LocalRecord] = [:]
    private var byTitle: [String: LocalRecord] = [:]
    private var fileISBN: [String: Int] = [:]
    private var fileTitle: [String: Int] = [:]
    /// The highest row of the record table read so far: rows come in with higher ones.
    private var catalogueReadThrough: Int64 = 0

    init(format: BookImportFormat, org: Organization, today: LocalDate) {
        self.org = org
        self.today = today
        preview = BookImportPreview(format: format)
    }

    /// Reads the organization's live books added since the last reading (all of them the first
    /// time): one query through the record table's (orgId, entity) index, whose rowids rise.
    mutating func learnCatalogue(_ db: Database) throws {
        let rows = try Row.fetchCursor(db.cachedStatement(sql: """
            SELECT rowid AS readRowid, * FROM record WHERE orgId = ? AND entity = ? AND deleted = 0 AND rowid > ?
            """), arguments: [UUIDColumn.encode(org.id), RecordType.book.entity, catalogueReadThrough])
        while let row = try rows.next() {
            catalogueReadThrough = max(catalogueReadThrough, row["readRowid"])
            let book = try SharedRecordStorage.record(from: row)
            if let key = BookMatchKeys.isbn(book.fields), byISBN[key] == nil { byISBN[key] = book }
            if let key = BookMatchKeys.titleAndAuthor(book.fields), byTitle[key] == nil { byTitle[key] = book }
        }
    }

    /// Sorts `rows` (in the file's order, after the rows sorted before) into the preview;
    /// returns the new books among them.
    @discardableResult
    mutating func sort(_ rows: ArraySlice<BookImportFile.Row>, _ db: Database) throws -> ArraySlice<BookImportPreview.NewBook> {
        let firstNew = preview.newBooks.count
        var references = RecordService.LiveReferences()
        for row in rows {
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
                try RecordService.checkReferences(fields, of: .book, org: org, known: &references, db)
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
        return preview.newBooks[firstNew...]
    }

    /// The catalogue has the books written since the last reading: the import's own, which
    /// the file's maps already hold, are passed over when read again.
    mutating func skipRowsWrittenHere(_ db: Database) throws {
        catalogueReadThrough = try Int64.fetchOne(db, sql: "SELECT MAX(rowid) FROM record") ?? catalogueReadThrough
    }
}
