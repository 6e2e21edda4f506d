import Foundation
import GtkKit
import StewardCore
import Translation

/// Asks which book goes to a borrower chosen on the Borrowers view, and until when: a search
/// over the catalogue as the Books list's (title, authors, any form of ISBN; through the search
/// index, so it keeps up with typing over 100,000 books), the first matches to pick from, and
/// the due date the organization's loan period gives. Lend stays off until a book is picked
/// and the date reads as one.
@MainActor
enum LendBookDialog {
    /// The matches shown at once: a person narrows by typing rather than scrolling.
    static let shownMatches = 20

    static func ask(parent: Window, borrower: String, records: RecordService, org: Organization, due: LocalDate,
                    then lend: @escaping @MainActor (_ book: UUID, _ title: String, _ dueOn: LocalDate) -> Void) {
        let dialog = MessageDialog(parent: parent, heading: tr("Lend a Book to {name}", ["name": borrower]),
                                   body: tr("Find the book by its title, author or ISBN; the due date follows the lending policy."))
        let content = Box.vertical(spacing: 6)
        let search = SearchEntry(placeholder: tr("Title, author or ISBN"))
        search.setAccessibleLabel(tr("Book to lend"))
        let matches = ListBox()
        matches.addCSSClass("boxed-list")
        matches.setAccessibleLabel(tr("Books found"))
        let scroller = ScrolledWindow(child: matches)
        scroller.setProperty("min-content-height", Int32(220))
        let found = Label("")
        found.xalign = 0
        found.addCSSClass("dim-label")
        let dueLabel = Label(tr("Due on"))
        dueLabel.xalign = 0
        dueLabel.addCSSClass("dim-label")
        let dueEntry = Entry(placeholder: "2026-12-27")
        dueEntry.text = due.description
        dueEntry.setAccessibleLabel(tr("Due on"))
        for widget in [search, scroller, found, dueLabel, dueEntry] as [Widget] { content.append(widget) }
        dialog.setExtraChild(content)
        dialog.addResponse("cancel", tr("_Cancel"))
        dialog.addResponse("lend", tr("_Lend"), appearance: .suggested)
        dialog.defaultResponse = "lend"
        dialog.closeResponse = "cancel"

        var titles: [String: String] = [:]
        var request = 0
        func dueOn() -> LocalDate? { LocalDate(iso: dueEntry.text.trimmingCharacters(in: .whitespaces)) }
        func updateLend() {
            dialog.setResponseEnabled("lend", matches.selectedRow?.tag != nil && dueOn() != nil)
        }
        func refresh() {
            request += 1
            let mine = request
            let text = search.text
            Task {
                guard let page = try? await records.page(.book, in: org, search: text, limit: shownMatches),
                      mine == request else { return }
                matches.removeAll()
                titles = [:]
                for book in page.records {
                    let title = RecordType.book.title(of: book.fields)
                    let details = [book["authors"]?.stringValue ?? "", book["isbn"]?.stringValue ?? ""]
                        .filter { !$0.isEmpty }.joined(separator: " · ")
                    matches.append(row(title: title, details: details, tag: book.key))
                    titles[book.key] = title
                }
                found.text = RecordText.partialCount(shown: page.records.count, total: page.total,
                                                     isLowerBound: page.totalIsLowerBound, of: .book)
                if page.records.count == 1 { matches.select(matches.row(at: 0)) }
                updateLend()
            }
        }
        search.onSearchChanged { refresh() }
        matches.onRowSelected { _ in updateLend() }
        dueEntry.onChanged {
            dueEntry.setInvalid(dueOn() == nil)
            updateLend()
        }
        refresh()
        updateLend()
        dialog.present { response in
            guard response == "lend", let key = matches.selectedRow?.tag, let id = UUID(uuidString: key),
                  let dueOn = dueOn() else { return }
            lend(id, titles[key] ?? "", dueOn)
        }
    }

    private static func row(title: String, details: String, tag: String) -> ListBoxRow {
        let box = Box.vertical(spacing: 2)
        box.setMargins(8)
        let titleLabel = Label(title)
        titleLabel.xalign = 0
        titleLabel.ellipsizesAtEnd = true
        box.append(titleLabel)
        if !details.isEmpty {
            let detailsLabel = Label(details)
            detailsLabel.xalign = 0
            detailsLabel.ellipsizesAtEnd = true
            detailsLabel.addCSSClass("dim-label")
            detailsLabel.addCSSClass("caption")
            box.append(detailsLabel)
        }
        let row = ListBoxRow(child: box)
        row.tag = tag
        row.setAccessibleLabel(details.isEmpty ? title : "\(title), \(details)")
        return row
    }
}
