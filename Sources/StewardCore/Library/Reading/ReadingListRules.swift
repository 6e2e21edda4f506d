import Foundation
import Translation

/// A book is on a borrower's list once: the same rule on the console and the store.
public enum ReadingListRules {
    /// The borrower's other entries, which the store reads for a pushed batch.
    static let read = RecordAdmission.Read(entity: "readingListEntry", field: "borrower", from: "borrower")

    /// Why the entry `change` may not be stored (the book is on that list already); nil when it may.
    public static func refusal(_ change: RecordChange, lookup: any RecordLookup) throws -> ValidationIssue? {
        guard let borrower = change.fields["borrower"]?.stringValue, let book = change.fields["book"]?.stringValue,
              let list = change.fields["list"]?.stringValue else { return nil }
        let twin = try lookup.live(read.entity, where: "borrower", is: borrower).first {
            $0.id != change.id && $0.fields["book"]?.stringValue == book && $0.fields["list"]?.stringValue == list
        }
        guard let twin else { return nil }
        let name = ReadingList(rawValue: list)?.text ?? list
        let added = twin.fields["addedOn"]?.stringValue ?? ""
        let who = try lookup.live(RecordType.borrower.entity, id: borrower)?["name"]?.stringValue ?? borrower
        return ValidationIssue(field: "book", message: tr("is already on {name}'s list “{list}” (added {date})",
                                                          ["name": who, "list": name, "date": added]))
    }
}
