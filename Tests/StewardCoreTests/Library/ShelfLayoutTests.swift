import Foundation
import Testing
@testable import StewardCore

/// The shelf view's grid: each book in its row and column, the unplaced ones apart, and a move
/// an ordinary edit of the book with its history.
@Suite("Shelf layout")
struct ShelfLayoutTests {
    @Test("books sit in their cells by title; unplaced ones and other shelves' books apart; a move keeps history")
    func layout() async throws {
        let library = try await LibraryFixture()
        let shelf = try await library.records.create(.shelf, fields: .object([
            "name": .string("Hall bookcase"), "rows": .int(2), "columns": .int(3),
        ]), in: library.org)
        let other = try await library.records.create(.shelf, fields: .object([
            "name": .string("Reading room"), "rows": .int(1), "columns": .int(1),
        ]), in: library.org)
        func place(_ index: Int, _ shelf: LocalRecord, _ row: Int?, _ column: Int?) async throws {
            var changes: [String: JSONValue] = ["shelf": .string(shelf.key)]
            changes["shelfRow"] = row.map { .int(Int64($0)) } ?? .null
            changes["shelfColumn"] = column.map { .int(Int64($0)) } ?? .null
            _ = try await library.records.update(.book, id: library.books[index], changes: changes, in: library.org)
        }
        try await place(0, shelf, 2, 3)  // Gilead
        try await place(1, shelf, 2, 3)  // Home
        try await place(2, shelf, nil, nil)  // Lila, on the shelf, no place yet
        let layout = try #require(try await library.records.shelfLayout(shelf.id, in: library.org))
        #expect(layout.name == "Hall bookcase")
        #expect(layout.rows == 2 && layout.columns == 3)
        #expect(layout.cells[1][2].map(\.title) == ["Gilead", "Home"])
        #expect(layout.cells[0].filter { !$0.isEmpty }.isEmpty)
        #expect(layout.unplaced.map(\.title) == ["Lila"])
        #expect(layout.bookCount == 3)

        // Moving Home to the other shelf: gone from this grid, there in the other, and the move
        // is in the book's history.
        try await place(1, other, 1, 1)
        let after = try #require(try await library.records.shelfLayout(shelf.id, in: library.org))
        #expect(after.cells[1][2].map(\.title) == ["Gilead"])
        #expect(try await library.records.shelfLayout(other.id, in: library.org)?.cells[0][0].map(\.title) == ["Home"])
        let history = try await HistoryService(database: library.database).history(entity: "book", recordId: library.books[1])
        #expect(history.count >= 3, "created, placed, moved")
    }
}
