import Foundation
import Testing
@testable import StewardCore

/// A library with two books and two borrowers, for each test.
struct LibraryFixture {
    let database: AppDatabase
    let org: Organization
    let loans: LoanService
    let records: RecordService
    let books: [UUID]
    let borrowers: [UUID]
    let today = LocalDate(year: 2026, month: 11, day: 20)

    init() async throws {
        database = try AppDatabase.inMemory()
        org = try await OrganizationService(database: database)
            .add(slug: "maple-street", name: "Maple Street Library", timeZone: "America/Toronto", kind: .library)
        loans = LoanService(database: database)
        records = RecordService(database: database)
        var books: [UUID] = []
        for title in ["Gilead", "Home", "Lila"] {
            books.append(try await records.create(.book, fields: .object(["title": .string(title)]), in: org).id)
        }
        var borrowers: [UUID] = []
        for (name, phone) in [("Ann Lee", "416-555-0101"), ("Ben Okafor", "416-555-0102")] {
            borrowers.append(try await records.create(.borrower, fields: .object([
                "name": .string(name), "phone": .string(phone), "email": .string("\(name.prefix(3).lowercased())@example.org"),
            ]), in: org).id)
        }
        self.books = books
        self.borrowers = borrowers
    }

    func day(_ offset: Int) -> LocalDate { today.adding(days: offset) }
}

@Suite("Loans")
struct LoanServiceTests {
    @Test("a loan is due after the default 21 days, or the organization's lending policy")
    func duePeriod() async throws {
        let library = try await LibraryFixture()
        let first = try await library.loans.lend(book: library.books[0], to: library.borrowers[0], on: library.today, in: library.org)
        #expect(first["dueOn"] == .string("2026-12-11"))
        #expect(first["state"] == .string("out"))
        #expect(first["renewals"] == .int(0))
        _ = try await library.records.create(.lendingPolicy, fields: .object(["loanDays": .int(14), "maxRenewals": .int(1)]),
                                             in: library.org)
        let second = try await library.loans.lend(book: library.books[1], to: library.borrowers[0], on: library.today, in: library.org)
        #expect(second["dueOn"] == .string("2026-12-04"))
        let given = try await library.loans.lend(book: library.books[2], to: library.borrowers[1], on: library.today,
                                                 due: library.day(3), in: library.org)
        #expect(given["dueOn"] == .string("2026-11-23"))
    }

    @Test("a book on an open loan is not lent again; the refusal says who has it")
    func doubleLoanRefused() async throws {
        let library = try await LibraryFixture()
        let loan = try await library.loans.lend(book: library.books[0], to: library.borrowers[0], in: library.org)
        do {
            try await library.loans.lend(book: library.books[0], to: library.borrowers[1], in: library.org)
            Issue.record("a second loan of the same book must be refused")
        } catch let error as ValidationError {
            let message = try #require(error.message(for: "book"))
            #expect(message.contains("Ann Lee"), "\(message)")
            #expect(message.contains(loan.key))
        }
        // The kit refuses it too, whatever writes it (an editor, `loans add`).
        await #expect(throws: ValidationError.self) {
            try await library.records.create(.loan, fields: .object([
                "book": .string(library.books[0].uuidString), "borrower": .string(library.borrowers[1].uuidString),
                "lentOn": .string("2026-11-20"), "dueOn": .string("2026-12-01"),
            ]), in: library.org)
        }
        // Lost and claims-returned loans are still open; a returned one frees the book.
        try await library.loans.mark(loan.id, .lost, in: library.org)
        await #expect(throws: ValidationError.self) {
            try await library.loans.lend(book: library.books[0], to: library.borrowers[1], in: library.org)
        }
        try await library.loans.giveBack(loan.id, in: library.org)
        let again = try await library.loans.lend(book: library.books[0], to: library.borrowers[1], in: library.org)
        #expect(again["borrower"] == .string(library.borrowers[1].uuidString.lowercased()))
        #expect(try await library.loans.history(of: library.books[0], as: .book, in: library.org).count == 2)
        #expect(try await library.loans.history(of: library.borrowers[0], as: .borrower, in: library.org).map(\.id) == [loan.id])
    }

    @Test("renewing moves the due date by the loan period and stops at the organization's limit")
    func renewLimit() async throws {
        let library = try await LibraryFixture()
        let loan = try await library.loans.lend(book: library.books[0], to: library.borrowers[0], on: library.today, in: library.org)
        let once = try await library.loans.renew(loan.id, on: library.day(5), in: library.org)
        #expect(once["dueOn"] == .string("2027-01-01"), "from the later of today and the due date")
        #expect(once["renewals"] == .int(1))
        let twice = try await library.loans.renew(loan.id, due: LocalDate(year: 2027, month: 1, day: 15), in: library.org)
        #expect(twice["dueOn"] == .string("2027-01-15"))
        do {
            try await library.loans.renew(loan.id, in: library.org)
            Issue.record("a third renewal passes the default limit of 2")
        } catch let error as ValidationError {
            #expect(error.message(for: "renewals")?.contains("limit of 2 renewals") == true)
        }
        #expect(try await library.records.record(.loan, id: loan.id, in: library.org)?["renewals"] == .int(2))
    }

    @Test("return keeps the day and the condition; lost and claims-returned keep who and when and are settled by return")
    func returnLostClaims() async throws {
        let library = try await LibraryFixture()
        let loan = try await library.loans.lend(book: library.books[0], to: library.borrowers[0], on: library.today, in: library.org)
        let claimed = try await library.loans.mark(loan.id, .claimsReturned, on: library.day(30), in: library.org)
        #expect(claimed["state"] == .string("claims-returned"))
        #expect(claimed["markedOn"] == .string("2026-12-20"))
        #expect(claimed["markedBy"]?.stringValue?.isEmpty == false)
        await #expect(throws: ValidationError.self) { try await library.loans.renew(loan.id, in: library.org) }
        let lost = try await library.loans.mark(loan.id, .lost, on: library.day(40), in: library.org)
        #expect(lost["state"] == .string("lost"))
        let back = try await library.loans.giveBack(loan.id, on: library.day(50), condition: "Spine cracked", in: library.org)
        #expect(back["state"] == .string("returned"))
        #expect(back["returnedOn"] == .string("2027-01-09"))
        #expect(back["condition"] == .string("Spine cracked"))
        #expect(back["markedBy"] == lost["markedBy"], "who marked it lost stays on the loan")
        do {
            try await library.loans.giveBack(loan.id, in: library.org)
            Issue.record("a returned loan cannot be returned again")
        } catch let error as ValidationError {
            #expect(error.message(for: "state") == "is returned, so the loan cannot be returned")
        }
        // Every move is a record change with its history and outbox entry.
        let outbox = try await library.database.writer.read { db in try Outbox.pendingCount(db) }
        #expect(outbox == 3 + 2 + 4)
    }

    @Test("the report groups overdue loans by borrower, most overdue first, with days late and contact details")
    func overdueReport() async throws {
        let library = try await LibraryFixture()
        let ann = library.borrowers[0], ben = library.borrowers[1]
        try await library.loans.lend(book: library.books[0], to: ann, on: library.day(-30), due: library.day(-2), in: library.org)
        try await library.loans.lend(book: library.books[1], to: ben, on: library.day(-30), due: library.day(-9), in: library.org)
        let soon = try await library.loans.lend(book: library.books[2], to: ann, on: library.day(-10), due: library.day(3), in: library.org)
        let overdue = try await library.loans.report(.overdue, today: library.today, in: library.org)
        #expect(overdue.groups.map(\.name) == ["Ben Okafor", "Ann Lee"])
        #expect(overdue.groups.map { $0.lines.map(\.daysLate) } == [[9], [2]])
        #expect(overdue.groups[0].phone == "416-555-0102")
        #expect(overdue.groups[1].email == "ann@example.org")
        #expect(overdue.groups[1].lines.first?.title == "Gilead")
        let dueSoon = try await library.loans.report(.dueWithin(days: 7), today: library.today, in: library.org)
        #expect(dueSoon.groups.count == 1)
        #expect(dueSoon.groups.first?.lines.map(\.loanId) == [soon.id])
        #expect(dueSoon.groups.first?.lines.first?.daysLate == -3)
        #expect(try await library.loans.report(.dueWithin(days: 2), today: library.today, in: library.org).groups.isEmpty)
        // Lost loans are not chased as overdue.
        try await library.loans.mark(try #require(try await library.loans.openLoan(ofBook: library.books[1], in: library.org)).id,
                                     .lost, in: library.org)
        #expect(try await library.loans.report(.overdue, today: library.today, in: library.org).groups.map(\.name) == ["Ann Lee"])
    }

    @Test("a loan's status: out, overdue once its due day has ended everywhere, or its state")
    func status() {
        let noon = DateTimeText.parseUTC("2026-11-20T12:00")!
        func key(_ fields: [String: JSONValue]) -> String? { RecordType.loan.statusKey(of: .object(fields), now: noon) }
        #expect(key(["dueOn": .string("2026-11-18"), "state": .string("out")]) == "overdue")
        #expect(key(["dueOn": .string("2026-11-20"), "state": .string("out")]) == "out")
        #expect(key(["dueOn": .string("2026-11-18"), "state": .string("lost")]) == "lost")
        #expect(key(["dueOn": .string("2026-11-18"), "state": .string("claims-returned")]) == "claims-returned")
        #expect(key(["dueOn": .string("2026-11-18"), "state": .string("returned")]) == "returned")
    }

    @Test("the catalogue is for members; borrowers, lenders, loans, borrowed books, reviews and reading lists are for staff only")
    func whatMembersSee() {
        let fields = JSONValue.object(["title": .string("Gilead"), "name": .string("Ann Lee")])
        #expect(RecordType.book.isVisibleToMembers(fields, now: Date()))
        #expect(RecordType.shelf.isVisibleToMembers(fields, now: Date()))
        for type in [RecordType.borrower, .lender, .loan, .borrowing, .bookReview, .readingListEntry] {
            #expect(!type.isVisibleToMembers(fields, now: Date()), "\(type.entity)")
            #expect(type.isStaffOnly, "\(type.entity)")
        }
    }

    @Test("the demo library: a thousand books on three shelves, fifty borrowers, loans in every state, borrowed books")
    func demoCounts() async throws {
        let database = try AppDatabase.inMemory()
        let reference = DateTimeText.parseUTC("2026-11-22T18:00")!
        _ = try DemoDataset(database: database).load(reference: reference)
        let org = try await OrganizationService(database: database).find(slug: "maple-street-library")
        let records = RecordService(database: database)
        #expect(try await records.list(.book, in: org).count == 1_000)
        #expect(try await records.list(.shelf, in: org).count == 3)
        #expect(try await records.list(.borrower, in: org).count == 50)
        #expect(try await records.list(.borrowing, in: org).count == 6)
        // A few dated reviews of three books, and two borrowers' lists.
        let reviews = try await records.list(.bookReview, in: org)
        #expect(reviews.count == 6)
        #expect(Set(reviews.compactMap { $0["book"]?.stringValue }).count == 3)
        let entries = try await records.list(.readingListEntry, in: org)
        #expect(Set(entries.compactMap { $0["borrower"]?.stringValue }).count == 2)
        let loans = try await records.list(.loan, in: org)
        let states = Dictionary(grouping: loans) { LoanState(fields: $0.fields) }.mapValues(\.count)
        #expect(states == [.out: 65, .returned: 300, .lost: 3, .claimsReturned: 2])
        #expect(loans.contains { ($0["renewals"]?.int64Value ?? 0) > 0 })
        let overdue = try await LoanService(database: database).report(.overdue, today: LocalDate(reference, in: org.timeZone), in: org)
        #expect(overdue.loanCount == 15)
        // Each open loan holds a book of its own.
        let openBooks = loans.filter { LoanState(fields: $0.fields).isOpen }.compactMap { $0["book"]?.stringValue }
        #expect(Set(openBooks).count == openBooks.count)
    }
}
