import Foundation
import GRDB
import Translation

/// Cataloguing with a USB barcode scanner, which types the ISBN and Enter: each scan finds the
/// book with that ISBN (typed in either form) or adds it at once, so a shelf is catalogued as
/// fast as the scanner reads. A new book takes the ISBN as its title until someone (or an Open
/// Library look-up) gives it its own; the title is what the catalogue requires.
public final class BookScan: Sendable {
    public enum Outcome: Sendable {
        /// The library had it already.
        case found(LocalRecord)
        /// Added by this scan.
        case added(LocalRecord)

        public var book: LocalRecord {
            switch self {
            case .found(let book), .added(let book): book
            }
        }
    }

    public let database: AppDatabase
    private let records: RecordService

    public init(database: AppDatabase) {
        self.database = database
        records = RecordService(database: database)
    }

    /// Finds or adds the book `text` names; an invalid ISBN throws `ISBNError`, saying why
    /// (the check digit it should have when that is what is wrong). `details` fill a new
    /// book's fields (a look-up's title, authors, publisher); a found book is left as it is.
    public func scan(_ text: String, details: [String: JSONValue] = [:], in org: Organization,
                     now: Date = Date()) async throws -> Outcome {
        let isbn = try ISBN(text)
        if let book = try await find(isbn, in: org) { return .found(book) }
        var fields = details
        fields["isbn"] = .string(isbn.isbn13)
        if FieldKind.isEmpty(fields["title"]) { fields["title"] = .string(isbn.isbn13) }
        if FieldKind.isEmpty(fields["addedOn"]) { fields["addedOn"] = .string(LoanService.today(in: org, now: now).description) }
        return .added(try await records.create(.book, fields: .object(fields), in: org))
    }

    /// The organization's live book with this ISBN, if any.
    public func find(_ isbn: ISBN, in org: Organization) async throws -> LocalRecord? {
        try await database.writer.read { db in
            try Row.fetchOne(db.cachedStatement(sql: """
                SELECT * FROM record
                WHERE entity = 'book' AND deleted = 0 AND orgId = ? AND json_extract(fields, '$.isbn') = ?
                LIMIT 1
                """), arguments: [UUIDColumn.encode(org.id), isbn.isbn13]).map(SharedRecordStorage.record(from:))
        }
    }
}
