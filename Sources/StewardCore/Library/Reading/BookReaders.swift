import Foundation

/// Someone who has read a book, as its loans tell: each borrower once, with the day of their
/// latest loan of it and how many times they borrowed it.
public struct BookReader: Hashable, Sendable {
    public var borrower: UUID
    /// The borrower's name; "" when the borrower has been removed.
    public var name: String
    public var lastLentOn: LocalDate
    public var loans: Int

    public init(borrower: UUID, name: String, lastLentOn: LocalDate, loans: Int) {
        self.borrower = borrower
        self.name = name
        self.lastLentOn = lastLentOn
        self.loans = loans
    }

    /// The distinct borrowers of `loans` (one book's), the latest reader first, then by name.
    static func from(_ loans: [LocalRecord], names: [UUID: String]) -> [BookReader] {
        var byBorrower: [UUID: BookReader] = [:]
        for loan in loans {
            guard let borrower = loan["borrower"]?.stringValue.flatMap(UUID.init(uuidString:)),
                  let lent = loan["lentOn"]?.stringValue.flatMap(LocalDate.init(iso:)) else { continue }
            if var known = byBorrower[borrower] {
                known.lastLentOn = max(known.lastLentOn, lent)
                known.loans += 1
                byBorrower[borrower] = known
            } else {
                byBorrower[borrower] = BookReader(borrower: borrower, name: names[borrower] ?? "", lastLentOn: lent, loans: 1)
            }
        }
        return byBorrower.values.sorted {
            ($0.lastLentOn, $1.name, $1.borrower.uuidString) > ($1.lastLentOn, $0.name, $0.borrower.uuidString)
        }
    }
}

extension LoanService {
    /// Who has read a book: the distinct borrowers of its loans (every state, a loan still out
    /// too), each with the day they last borrowed it, the latest first.
    public func readers(of book: UUID, in org: Organization) async throws -> [BookReader] {
        let (loans, names) = try await database.writer.read { db in
            let loans = try LoanQueries.loans(where: "book", is: UUIDColumn.encode(book), orgId: org.id, db)
            let borrowers = try RecordType.borrower.storage.all(entity: RecordType.borrower.entity, orgId: org.id, db)
            let names = Dictionary(borrowers.filter { !$0.deleted }.map { ($0.id, RecordType.borrower.title(of: $0.fields)) }) { first, _ in first }
            return (loans, names)
        }
        return BookReader.from(loans, names: names)
    }
}
