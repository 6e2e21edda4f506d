import ArgumentParser
import CommandLineSupport
import Foundation
import StewardCore
import Translation

/// `stewardctl books readers ID [--json]`: who has read a book, from its loans.
struct BooksReaders: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "readers",
        abstract: "Who has read a book: each borrower who has borrowed it, with the day they last did, the latest first.",
        discussion: """
            Read from the book's loans, whatever became of them (a loan still out counts). With \
            --json, an array with one object per borrower: {"borrower", "name", "lastLentOn", "loans"}; \
            name is "" for a borrower since removed.
            """)

    @OptionGroup var id: RecordIDArgument<BookKind>
    @OptionGroup var global: GlobalOptions
    @OptionGroup var org: OrganizationOption
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let bookId = try id.uuid()
        let database = try global.openDatabase()
        let organization = try await org.resolve(in: database)
        let service = RecordService(database: database)
        let book = try await RecordLookup.find(bookId, of: .book, in: organization, service: service)
        let readers = try await LoanService(database: database).readers(of: bookId, in: organization)
        if output.json {
            Console.printJSON(.array(readers.map { reader in
                .object(["borrower": .string(reader.borrower.uuidString.lowercased()), "name": .string(reader.name),
                         "lastLentOn": .string(reader.lastLentOn.description), "loans": .int(Int64(reader.loans))])
            }))
            return
        }
        let title = RecordType.book.title(of: book.fields)
        guard !readers.isEmpty else {
            Console.print([tr("Nobody has borrowed “{title}” yet.", ["title": title])])
            return
        }
        Console.print(readers.map { reader in
            let name = reader.name.isEmpty ? tr("(removed)") : reader.name
            return [reader.borrower.uuidString.lowercased(), name,
                    trn("last borrowed {date} ({count} loan)", "last borrowed {date} ({count} loans)", reader.loans,
                        ["date": reader.lastLentOn.description])].joined(separator: "  ")
        })
    }
}
