import Foundation
import Translation

/// The lists a library keeps of its books: the whole catalogue, or the books marked as
/// wishlist, favourite or to read. What is exported and printed, by name on the command line.
public enum BookList: String, CaseIterable, Sendable {
    case catalogue
    case wishlist
    case favourites
    case toRead = "to-read"

    /// The book field that puts a book on the list; nil: every book.
    var field: String? {
        switch self {
        case .catalogue: nil
        case .wishlist: "wishlist"
        case .favourites: "favourite"
        case .toRead: "toRead"
        }
    }

    public func contains(_ book: LocalRecord) -> Bool {
        guard let field else { return true }
        return book[field]?.boolValue == true
    }

    /// The list's name, as headings and the window's menu show it.
    public var title: String {
        switch self {
        case .catalogue: tr("Catalogue")
        case .wishlist: tr("Wishlist")
        case .favourites: tr("Favourites")
        case .toRead: tr("To Read")
        }
    }

    /// The start of a file's name for the list ("wishlist-2026-11-25").
    public var fileStem: String {
        switch self {
        case .catalogue: tr("catalogue")
        case .wishlist: tr("wishlist")
        case .favourites: tr("favourites")
        case .toRead: tr("to-read")
        }
    }
}

/// A list of books ready to save or print: the books in the list's order (by title), with the
/// names of the shelves they sit on.
public struct BookListExport: Sendable {
    public let list: BookList
    public let books: [LocalRecord]
    /// Shelf names by id.
    public let shelves: [UUID: String]
    public let organization: String
    public let today: LocalDate

    /// Reads the organization's books on `list`.
    public static func make(_ list: BookList, in org: Organization, records: RecordService) async throws -> BookListExport {
        let books = try await records.list(.book, in: org).filter(list.contains)
        let shelves = try await records.titles(of: RecordType.shelf.entity, in: org)
        return BookListExport(list: list, books: books, shelves: shelves, organization: org.name,
                              today: LoanService.today(in: org))
    }

    /// Where a book sits, in words: "Hall bookcase, row 2, column 5"; empty when not shelved.
    public func place(of book: LocalRecord) -> String {
        guard let shelf = book["shelf"]?.stringValue.flatMap(UUID.init(uuidString:)).flatMap({ shelves[$0] }) else { return "" }
        var parts = [shelf]
        if let row = book["shelfRow"]?.int64Value { parts.append(tr("row {row}", ["row": "\(row)"])) }
        if let column = book["shelfColumn"]?.int64Value { parts.append(tr("column {column}", ["column": "\(column)"])) }
        return parts.joined(separator: ", ")
    }
}
