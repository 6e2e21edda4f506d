import Foundation
import GtkKit
import StewardCore
import Translation

/// What the loan history shows above the loans: for a book, who has read it (its distinct
/// borrowers, each with the day they last borrowed it) and its reviews, newest first; for a
/// borrower, the books on their lists. Where staff may edit, each review and entry opens in
/// its editor and each group offers to add one for this book or person (`edit`); the Reviews
/// and Reading Lists views hold every one of them.
@MainActor
enum ReadingSections {
    /// Opens the editor: on a record, or on a new one filled with the given fields.
    typealias Edit = (_ type: RecordType, _ record: LocalRecord?, _ filled: JSONValue?) -> Void

    /// "Read By": one row a borrower, the latest reader first.
    static func readers(_ readers: [BookReader]) -> Widget? {
        guard !readers.isEmpty else { return nil }
        let group = PreferencesGroup(title: tr("Read By"))
        for reader in readers {
            let name = reader.name.isEmpty ? tr("(removed)") : reader.name
            let when = trn("last borrowed {date}, {count} loan", "last borrowed {date}, {count} loans", reader.loans,
                           ["date": reader.lastLentOn.description])
            let row = ActionRow(title: name, subtitle: when)
            row.setAccessibleLabel("\(name), \(when)")
            group.add(row)
        }
        return group
    }

    /// "Reviews": each dated, with its stars and who wrote it, newest first.
    static func reviews(_ reviews: [LocalRecord], of book: UUID, borrowerNames: [UUID: String], edit: Edit?) -> Widget? {
        guard !reviews.isEmpty || edit != nil else { return nil }
        let group = PreferencesGroup(title: tr("Reviews"))
        if reviews.isEmpty { group.groupDescription = tr("No reviews yet.") }
        if let edit {
            group.setHeaderSuffix(addButton(tr("Add Review")) {
                edit(.bookReview, nil, .object(["book": .string(book.uuidString.lowercased())]))
            })
        }
        for review in reviews {
            var parts = [review["date"]?.stringValue ?? ""]
            if let rating = review["rating"]?.int64Value { parts.append(stars(Int(rating))) }
            let reviewer = review["reviewer"]?.stringValue.flatMap(UUID.init(uuidString:))
            parts.append(reviewer.map { borrowerNames[$0] ?? tr("(removed)") } ?? trc("review written by", "Staff"))
            let heading = parts.joined(separator: " · ")
            let text = review["text"]?.stringValue ?? ""
            let row = ActionRow(title: heading, subtitle: text)
            var spoken = parts
            if let rating = review["rating"]?.int64Value {
                spoken[1] = trn("{count} star", "{count} stars", Int(rating))
            }
            row.setAccessibleLabel((spoken + [text]).joined(separator: ", "))
            if let edit { editable(row, label: tr("Edit Review")) { edit(.bookReview, review, nil) } }
            group.add(row)
        }
        return group
    }

    /// One group a list (favourites, to read, wish list) the borrower has books on.
    static func lists(_ entries: [LocalRecord], of borrower: UUID, bookTitles: [UUID: String], edit: Edit?) -> [Widget] {
        ReadingList.allCases.compactMap { list in
            let onList = entries.filter { $0["list"]?.stringValue == list.rawValue }
            guard !onList.isEmpty || edit != nil else { return nil }
            let group = PreferencesGroup(title: list.text)
            if onList.isEmpty { group.groupDescription = tr("No books on this list yet.") }
            if let edit {
                let add = addButton(tr("Add to {list}", ["list": list.text])) {
                    edit(.readingListEntry, nil, .object(["borrower": .string(borrower.uuidString.lowercased()),
                                                          "list": .string(list.rawValue)]))
                }
                group.setHeaderSuffix(add)
            }
            for entry in onList {
                let book = entry["book"]?.stringValue.flatMap(UUID.init(uuidString:))
                let title = book.flatMap { bookTitles[$0] } ?? tr("(removed)")
                let added = tr("added {date}", ["date": entry["addedOn"]?.stringValue ?? ""])
                let row = ActionRow(title: title, subtitle: added)
                row.setAccessibleLabel("\(title), \(added)")
                if let edit { editable(row, label: tr("Edit Entry")) { edit(.readingListEntry, entry, nil) } }
                group.add(row)
            }
            return group
        }
    }

    /// A flat "+" button in a group's header, named for screen readers and in its tooltip.
    private static func addButton(_ label: String, _ action: @escaping @MainActor () -> Void) -> Widget {
        let button = Button(iconName: "list-add-symbolic", accessibleLabel: label)
        button.tooltip = label
        button.addCSSClass("flat")
        button.verticalAlignment = .center
        button.onClicked(action)
        return button
    }

    /// The row opens its record's editor: clicked, or through its edit button.
    private static func editable(_ row: ActionRow, label: String, _ action: @escaping @MainActor () -> Void) {
        let button = Button(iconName: "document-edit-symbolic", accessibleLabel: label)
        button.tooltip = label
        button.addCSSClass("flat")
        button.verticalAlignment = .center
        button.onClicked(action)
        row.addSuffix(button)
        row.setActivatableWidget(button)
    }

    /// "★★★★☆" for 4 of 5.
    static func stars(_ rating: Int) -> String {
        let filled = max(0, min(5, rating))
        return String(repeating: "★", count: filled) + String(repeating: "☆", count: 5 - filled)
    }
}
