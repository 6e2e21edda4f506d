import ArgumentParser
import StewardCore

// The lending library's types on the kit's generic commands; loans add the librarian's moves
// and the overdue report.
enum BookKind: RecordKind {
    static var type: RecordType { .book }
    static var specialCommands: [any ParsableCommand.Type] { [BooksImport.self, BooksExport.self, BooksReaders.self] }
}
enum ShelfKind: RecordKind { static var type: RecordType { .shelf } }
enum BorrowerKind: RecordKind { static var type: RecordType { .borrower } }
enum LenderKind: RecordKind { static var type: RecordType { .lender } }
enum BorrowingKind: RecordKind { static var type: RecordType { .borrowing } }
enum LendingPolicyKind: RecordKind { static var type: RecordType { .lendingPolicy } }
enum BookReviewKind: RecordKind { static var type: RecordType { .bookReview } }
enum ReadingListEntryKind: RecordKind { static var type: RecordType { .readingListEntry } }
enum LoanKind: RecordKind {
    static var type: RecordType { .loan }
    static var specialCommands: [any ParsableCommand.Type] {
        [LoansLend.self, LoansRenew.self, LoansReturn.self, LoansMark<LostMark>.self, LoansMark<ClaimsReturnedMark>.self, LoansReport.self,
         LoansRemind.self]
    }
}

enum LibraryKinds {
    static let commands: [any ParsableCommand.Type] = [
        RecordCommands<BookKind>.self, RecordCommands<ShelfKind>.self, RecordCommands<BorrowerKind>.self,
        RecordCommands<LenderKind>.self, RecordCommands<LoanKind>.self, RecordCommands<BorrowingKind>.self,
        RecordCommands<LendingPolicyKind>.self, RecordCommands<BookReviewKind>.self, RecordCommands<ReadingListEntryKind>.self,
    ]
}
