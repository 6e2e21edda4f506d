import Foundation
import GRDB

/// The lending library's demo: a thousand books on three shelves, fifty borrowers, loans in
/// every state (out, overdue, renewed, lost, claims-returned, returned), books borrowed from
/// others, and a few reviews and reading lists (`DemoReading`). Deterministic (`DemoRandom`), with dates around the reference day, so every run and
/// every machine gets the same catalogue and the same overdue report.
enum DemoLibrary {
    static let bookCount = 1_000
    static let borrowerCount = 50
    static let shelves: [(name: String, rows: Int64, columns: Int64, location: String)] = [
        ("Hall bookcase", 6, 10, "Front hall, by the door"),
        ("Reading room", 8, 12, "Upstairs, east wall"),
        ("Children's corner", 5, 8, "Ground floor, by the windows"),
    ]
    /// Loans of the demo, by what they show: returned ones are history, the rest are open.
    static let returnedLoans = 300
    static let currentLoans = 40
    static let overdueLoans = 15
    static let renewedLoans = 10
    static let lostLoans = 3
    static let claimsReturnedLoans = 2
    static let lenders = ["Maple Street Baptist Church library", "Dr. Ruth Okafor", "Riverside Seminary library"]
    static let borrowedBooks = 6

    /// Stores the organization's library, inside the caller's transaction; returns how many
    /// records it added.
    static func add(for org: Organization, reference: Date, _ db: Database) throws -> Int {
        guard org.kind == .library else { return 0 }
        let today = LocalDate(reference, in: org.timeZone)
        var random = DemoRandom(seed: 14)
        var added = 0
        func save(_ type: RecordType, _ fields: [String: JSONValue]) throws -> String {
            let record = LocalRecord(entity: type.entity, orgId: org.id,
                                     fields: try type.validate(.object(fields), orgZone: org.timeZone))
            try RecordWrites.save(record, previous: nil, org: org, db)
            added += 1
            return record.key
        }
        func day(_ offset: Int) -> JSONValue { .string(today.adding(days: offset).description) }

        _ = try save(.lendingPolicy, ["name": .string("Lending policy"), "loanDays": .int(21), "maxRenewals": .int(2)])
        var shelfIds: [(id: String, rows: Int64, columns: Int64)] = []
        for shelf in shelves {
            let id = try save(.shelf, ["name": .string(shelf.name), "rows": .int(shelf.rows), "columns": .int(shelf.columns),
                                       "location": .string(shelf.location)])
            shelfIds.append((id, shelf.rows, shelf.columns))
        }
        var bookIds: [String] = []
        for index in 0..<bookCount {
            let shelf = shelfIds[index % shelfIds.count]
            bookIds.append(try save(.book, DemoBooks.fields(index, shelf: shelf, today: today, random: &random)))
        }
        var borrowerIds: [String] = []
        for index in 0..<borrowerCount {
            borrowerIds.append(try save(.borrower, DemoBooks.person(index, random: &random)))
        }

        // Each open loan on a book of its own; returned loans on any book, in the past.
        var books = bookIds.makeIterator()
        func lend(_ fields: [String: JSONValue]) throws {
            var loan = fields
            loan["book"] = .string(books.next()!)
            loan["borrower"] = .string(random.pick(borrowerIds))
            _ = try save(.loan, loan)
        }
        for _ in 0..<currentLoans {
            let lent = -Int.random(in: 0...14, using: &random)
            try lend(["lentOn": day(lent), "dueOn": day(lent + 21)])
        }
        for _ in 0..<overdueLoans {
            let lent = -Int.random(in: 22...60, using: &random)
            try lend(["lentOn": day(lent), "dueOn": day(lent + 21)])
        }
        for index in 0..<renewedLoans {
            let lent = -Int.random(in: 25...40, using: &random)
            let renewals = index % 2 + 1
            try lend(["lentOn": day(lent), "dueOn": day(lent + 21 * (renewals + 1)), "renewals": .int(Int64(renewals))])
        }
        for (count, state) in [(lostLoans, LoanState.lost), (claimsReturnedLoans, .claimsReturned)] {
            for _ in 0..<count {
                let lent = -Int.random(in: 60...120, using: &random)
                try lend(["lentOn": day(lent), "dueOn": day(lent + 21), "state": .string(state.rawValue),
                          "markedBy": .string("Ann Lee"), "markedOn": day(lent + 40)])
            }
        }
        for _ in 0..<returnedLoans {
            let lent = -Int.random(in: 30...720, using: &random)
            _ = try save(.loan, ["book": .string(random.pick(bookIds)), "borrower": .string(random.pick(borrowerIds)),
                                 "lentOn": day(lent), "dueOn": day(lent + 21), "state": .string(LoanState.returned.rawValue),
                                 "returnedOn": day(lent + Int.random(in: 3...28, using: &random)),
                                 "condition": .string(random.chance(0.1) ? "Cover worn" : "")])
        }

        var lenderIds: [String] = []
        for (index, name) in lenders.enumerated() {
            lenderIds.append(try save(.lender, ["name": .string(name), "phone": .string("416-555-01\(40 + index)")]))
        }
        for index in 0..<borrowedBooks {
            let borrowed = -Int.random(in: 5...90, using: &random)
            var fields: [String: JSONValue] = [
                "title": .string(DemoBooks.title(bookCount + index, random: &random)),
                "lender": .string(lenderIds[index % lenderIds.count]),
                "borrowedOn": day(borrowed), "dueBackOn": day(borrowed + 60),
            ]
            if index == 0 { fields["returnedOn"] = day(borrowed + 30) }
            _ = try save(.borrowing, fields)
        }
        try DemoReading.add(books: bookIds, borrowers: borrowerIds, day: day, save: save)
        return added
    }
}
