import Foundation

/// What an import would do, said before anything is written: the books it adds, the rows
/// that are books the library has already (or that an earlier row of the file adds), and the
/// rows it cannot read, each with its row number and why.
public struct BookImportPreview: Sendable {
    public struct NewBook: Sendable {
        public var row: Int
        /// The book's fields as they will be stored (checked by the book's declaration).
        public var fields: JSONValue
        /// The id the book takes when written.
        public var id: UUID

        public var title: String { fields["title"]?.stringValue ?? "" }
        public var authors: String { fields["authors"]?.stringValue ?? "" }
        public var isbn: String { fields["isbn"]?.stringValue ?? "" }
    }

    /// What made a row a duplicate.
    public enum Match: String, Sendable {
        case isbn
        case titleAndAuthor = "title-author"
    }

    public struct Duplicate: Sendable {
        public var row: Int
        public var title: String
        public var authors: String
        public var isbn: String
        public var match: Match
        /// The catalogue's book it repeats; nil when it repeats an earlier row of the file.
        public var existing: UUID?
        public var existingTitle: String
        /// The earlier row of the same file it repeats.
        public var earlierRow: Int?
    }

    public struct RowError: Sendable {
        public var row: Int
        public var reason: String
    }

    public var format: BookImportFormat
    public var newBooks: [NewBook] = []
    public var duplicates: [Duplicate] = []
    public var errors: [RowError] = []

    /// Every row with a book in it, whatever became of it.
    public var rowCount: Int { newBooks.count + duplicates.count + errors.count }
}
