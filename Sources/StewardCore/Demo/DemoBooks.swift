import Foundation

/// Made-up but real-shaped books and people for the library demo: titles, authors, valid
/// ISBNs, genres and contact details, drawn from small word lists.
enum DemoBooks {
    private static let openings = ["The", "A", "Beyond the", "Letters from the", "Notes on the", "In Search of the",
                                   "The Last", "Songs of the", "Under the", "Return to the"]
    private static let subjects = ["Garden", "River", "Lighthouse", "Orchard", "Pilgrim", "Harvest", "Lantern", "Valley",
                                   "Stranger", "Mountain", "Kingdom", "Shepherd", "Winter", "Harbour", "Desert", "Bridge",
                                   "Meadow", "Covenant", "Journey", "Well"]
    private static let endings = ["", "", "", " of Grace", " at Dawn", " and Other Stories", ": A Memoir", " Revisited"]
    private static let firstNames = ["Ann", "Ben", "Chloe", "David", "Esther", "Farid", "Grace", "Hiro", "Isabel", "James",
                                     "Keisha", "Liam", "Maria", "Noah", "Olu", "Priya", "Quinn", "Rosa", "Samuel", "Tara"]
    private static let lastNames = ["Lee", "Okafor", "Martin", "Nguyen", "Schmidt", "Patel", "Brown", "Garcia", "Kowalski",
                                    "Haddad", "Wilson", "Tremblay", "Singh", "Murphy", "Cohen", "Silva"]
    private static let genres = ["Biography", "Mystery", "Theology", "History", "Children", "Poetry", "Fantasy", "Devotional",
                                 "Science", "Cooking"]
    private static let publishers = ["Harbour Press", "Lantern Books", "Northfield House", "Cedar & Vine", "Greenleaf"]

    static func title(_ index: Int, random: inout DemoRandom) -> String {
        "\(random.pick(openings)) \(random.pick(subjects))\(random.pick(endings))"
    }

    static func fields(_ index: Int, shelf: (id: String, rows: Int64, columns: Int64), today: LocalDate,
                       random: inout DemoRandom) -> [String: JSONValue] {
        let authors = (0..<(random.chance(0.15) ? 2 : 1)).map { _ in "\(random.pick(firstNames)) \(random.pick(lastNames))" }
        var fields: [String: JSONValue] = [
            "title": .string(title(index, random: &random)),
            "authors": .string(authors.joined(separator: ", ")),
            "isbn": .string(isbn(index)),
            "publisher": .string(random.pick(publishers)),
            "published": .string(String(Int.random(in: 1950...2025, using: &random))),
            "language": .string(random.chance(0.9) ? "English" : "French"),
            "genre": .string(random.pick(genres)),
            "addedOn": .string(today.adding(days: -Int.random(in: 1...2000, using: &random)).description),
            "favourite": .bool(random.chance(0.05)),
            "toRead": .bool(random.chance(0.1)),
            "read": .bool(random.chance(0.3)),
            "shelf": .string(shelf.id),
            "shelfRow": .int(Int64.random(in: 1...shelf.rows, using: &random)),
            "shelfColumn": .int(Int64.random(in: 1...shelf.columns, using: &random)),
        ]
        if random.chance(0.3) { fields["rating"] = .int(Int64.random(in: 1...5, using: &random)) }
        return fields
    }

    /// A valid ISBN-13 of the demo's own (979-8, a range unlikely to name a real book twice).
    static func isbn(_ index: Int) -> String {
        let body = "9798" + String(String(100_000_000 + index * 7_919).suffix(8))
        return body + String(ISBN.check13(body))
    }

    static func person(_ index: Int, random: inout DemoRandom) -> [String: JSONValue] {
        let first = firstNames[index % firstNames.count]
        let last = lastNames[(index / firstNames.count + index) % lastNames.count]
        return [
            "name": .string("\(first) \(last)"),
            "phone": .string("416-555-\(String(1000 + index))"),
            "email": .string("\(first.lowercased()).\(last.lowercased())\(index)@example.org"),
            "notes": .string(random.chance(0.1) ? "Prefers a phone call." : ""),
        ]
    }
}
