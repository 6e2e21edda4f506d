import Foundation

/// The library demo's reviews and reading lists: a few dated reviews of the first books (each
/// of which is on loan, so it has readers too) and two borrowers' lists, so the Reviews and
/// Reading Lists views and a book's history are not empty. Fixed, not drawn at random, so
/// adding them left the rest of the demo as it was.
enum DemoReading {
    static let reviews: [(book: Int, reviewer: Int?, daysAgo: Int, rating: Int64?, text: String)] = [
        (0, 0, 200, 4, "Slow to start, but the last chapters stayed with me for weeks."),
        (0, 1, 45, 5, "Read it twice. The best book in the hall bookcase."),
        (0, nil, 12, nil, "Popular with the Tuesday reading group; a second copy would be welcome."),
        (1, 2, 90, 3, "Good story, small print: the large-print edition would suit more readers."),
        (1, nil, 30, 4, "A favourite of the children's corner volunteers."),
        (2, 3, 20, 5, "Short and wise. Recommended for anyone new to the library."),
    ]
    static let listEntries: [(borrower: Int, book: Int, list: ReadingList, daysAgo: Int)] = [
        (0, 1, .favourite, 60), (0, 2, .toRead, 10), (0, 3, .wish, 5),
        (1, 0, .favourite, 40), (1, 2, .toRead, 3),
    ]

    /// Saves them with `save` (the library demo's), naming books and borrowers by their place
    /// in `books` and `borrowers`; `day` gives a date that many days from the reference day.
    static func add(books: [String], borrowers: [String], day: (Int) -> JSONValue,
                    save: (RecordType, [String: JSONValue]) throws -> String) throws {
        for review in reviews {
            var fields: [String: JSONValue] = ["book": .string(books[review.book]), "date": day(-review.daysAgo),
                                               "text": .string(review.text)]
            if let reviewer = review.reviewer { fields["reviewer"] = .string(borrowers[reviewer]) }
            if let rating = review.rating { fields["rating"] = .int(rating) }
            _ = try save(.bookReview, fields)
        }
        for entry in listEntries {
            _ = try save(.readingListEntry, ["borrower": .string(borrowers[entry.borrower]), "book": .string(books[entry.book]),
                                             "list": .string(entry.list.rawValue), "addedOn": day(-entry.daysAgo)])
        }
    }
}
