import Foundation
import GRDB

/// What sits where on one shelf: its grid of rows and columns, each cell with the books placed
/// there (by title), and the books on the shelf with no place in the grid yet. Read from the
/// books' own `shelf`, `shelfRow` and `shelfColumn` fields, so moving a book is an edit of
/// the book, with its history like any other.
public struct ShelfLayout: Sendable, Equatable {
    public struct Book: Sendable, Equatable {
        public var id: UUID
        public var title: String
    }

    public var shelfId: UUID
    public var name: String
    public var rows: Int
    public var columns: Int
    /// `cells[row - 1][column - 1]`: the books there, by title.
    public var cells: [[[Book]]]
    /// On this shelf with no row and column, or with one outside the grid (the shelf shrank).
    public var unplaced: [Book]

    public var bookCount: Int { cells.joined().reduce(0) { $0 + $1.count } + unplaced.count }

    public init(shelf: LocalRecord, books: [LocalRecord]) {
        shelfId = shelf.id
        name = RecordType.shelf.title(of: shelf.fields)
        rows = max(1, Int(shelf["rows"]?.int64Value ?? 1))
        columns = max(1, Int(shelf["columns"]?.int64Value ?? 1))
        var cells = Array(repeating: Array(repeating: [Book](), count: columns), count: rows)
        var unplaced: [Book] = []
        for record in books where record["shelf"]?.stringValue == shelf.key {
            let book = Book(id: record.id, title: RecordType.book.title(of: record.fields))
            if let row = record["shelfRow"]?.int64Value.map(Int.init), let column = record["shelfColumn"]?.int64Value.map(Int.init),
               (1...rows).contains(row), (1...columns).contains(column) {
                cells[row - 1][column - 1].append(book)
            } else {
                unplaced.append(book)
            }
        }
        let byTitle: (Book, Book) -> Bool = { $0.title.localizedCaseInsensitiveCompare($1.title) == .orderedAscending }
        self.cells = cells.map { $0.map { $0.sorted(by: byTitle) } }
        self.unplaced = unplaced.sorted(by: byTitle)
    }
}

extension RecordService {
    /// The layout of one shelf of the organization, from its live books.
    public func shelfLayout(_ shelfId: UUID, in org: Organization) async throws -> ShelfLayout? {
        try await database.writer.read { db in
            guard let shelf = try RecordType.shelf.storage.fetch(entity: RecordType.shelf.entity, id: UUIDColumn.encode(shelfId), db),
                  shelf.orgId == org.id, !shelf.deleted else { return nil }
            let books = try Row.fetchAll(db.cachedStatement(sql: """
                SELECT * FROM record
                WHERE entity = 'book' AND deleted = 0 AND orgId = ? AND json_extract(fields, '$.shelf') = ?
                """), arguments: [UUIDColumn.encode(org.id), shelf.key]).map(SharedRecordStorage.record(from:))
            return ShelfLayout(shelf: shelf, books: books)
        }
    }
}
