import Foundation
import GRDB

extension RecordService {
    /// A book's reviews, newest first (the same day: the later written first, by id as a
    /// tie-break that never changes between reads).
    public func reviews(ofBook book: UUID, in org: Organization) async throws -> [LocalRecord] {
        try await reading(.bookReview, where: "book", is: book, in: org, newestBy: "date")
    }

    /// The entries of a borrower's lists, newest first.
    public func readingList(ofBorrower borrower: UUID, in org: Organization) async throws -> [LocalRecord] {
        try await reading(.readingListEntry, where: "borrower", is: borrower, in: org, newestBy: "addedOn")
    }

    private func reading(_ type: RecordType, where field: String, is id: UUID, in org: Organization,
                         newestBy dateField: String) async throws -> [LocalRecord] {
        let records = try await database.writer.read { db in
            try type.storage.live(entity: type.entity, orgId: org.id, field: field, is: UUIDColumn.encode(id), db)
        }
        return records.sorted {
            ($0[dateField]?.stringValue ?? "", $0.createdAt, $0.key) > ($1[dateField]?.stringValue ?? "", $1.createdAt, $1.key)
        }
    }
}
