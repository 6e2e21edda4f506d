import Foundation
import GtkKit
import StewardCore
import Translation

/// What the loan history shows above the loans: for a book, who has read it (its distinct
/// borrowers, each with the day they last borrowed it) and its reviews, newest first; for a
/// borrower, the books on their lists. Staff add and change reviews and list entries in the
/// Reviews and Reading Lists views; this is where one book's or one person's are seen together.
@MainActor
enum ReadingSections {
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
    static func reviews(_ reviews: [LocalRecord], borrowerNames: [UUID: String]) -> Widget? {
        guard !reviews.isEmpty else { return nil }
        let group = PreferencesGroup(title: tr("Reviews"))
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
            group.add(row)
        }
        return group
    }

    /// One group a list (favourites, to read, wish list) the borrower has books on.
    static func lists(_ entries: [LocalRecord], bookTitles: [UUID: String]) -> [Widget] {
        ReadingList.allCases.compactMap { list in
            let onList = entries.filter { $0["list"]?.stringValue == list.rawValue }
            guard !onList.isEmpty else { return nil }
            let group = PreferencesGroup(title: list.text)
            for entry in onList {
                let book = entry["book"]?.stringValue.flatMap(UUID.init(uuidString:))
                let title = book.flatMap { bookTitles[$0] } ?? tr("(removed)")
                let added = tr("added {date}", ["date": entry["addedOn"]?.stringValue ?? ""])
                let row = ActionRow(title: title, subtitle: added)
                row.setAccessibleLabel("\(title), \(added)")
                group.add(row)
            }
            return group
        }
    }

    /// "★★★★☆" for 4 of 5.
    static func stars(_ rating: Int) -> String {
        let filled = max(0, min(5, rating))
        return String(repeating: "★", count: filled) + String(repeating: "☆", count: 5 - filled)
    }
}
