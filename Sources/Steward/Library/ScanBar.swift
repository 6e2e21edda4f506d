import Foundation
import GtkKit
import StewardCore
import Translation

/// Scan mode: a USB barcode scanner types the ISBN and Enter into the scan field; each scan
/// finds the book or adds it at once (`BookScan`), says so in large green type (red, with the
/// reason, when it was not an ISBN), selects the book in the list, and empties the field for
/// the next one. A new book's title, authors and publisher then come from Open Library when
/// the machine is online, without holding up the next scan.
@MainActor
final class ScanBar {
    let widget: Widget
    private let entry: Entry
    private let result: Label
    private let log: Label
    private let scanner: BookScan
    private let records: RecordService
    private let lookup: OpenLibraryLookup
    private var recent: [String] = []
    private var organization: Organization?

    /// A book was added or found: the list shows it selected.
    var onScanned: ((LocalRecord, _ added: Bool) -> Void)?
    /// A background look-up filled a scanned book's details: the list reads it again.
    var onFilled: ((UUID) -> Void)?

    init(records: RecordService, lookup: OpenLibraryLookup = OpenLibraryLookup()) {
        let ui = Builder(resource: ResourceBundle.path("Library/scan-bar.ui"))
        widget = ui.object("scan_bar")
        entry = ui.object("scan_entry")
        result = ui.object("scan_result")
        log = ui.object("scan_log")
        self.records = records
        scanner = BookScan(database: records.database)
        self.lookup = lookup
        entry.onActivate { [weak self] in self?.scan() }
        widget.isVisible = false
    }

    func show(_ org: Organization?) {
        organization = org
    }

    /// Shows or hides the bar; shown, the scan field has the keyboard, ready for the scanner.
    func setActive(_ active: Bool) {
        widget.isVisible = active
        if active { _ = entry.grabFocus() }
    }

    private func scan() {
        let typed = entry.text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let org = organization, !typed.isEmpty else { return }
        entry.text = ""
        Task {
            do {
                let outcome = try await scanner.scan(typed, in: org)
                let title = RecordType.book.title(of: outcome.book.fields)
                switch outcome {
                case .added(let book):
                    confirm(tr("Added “{title}”", ["title": title]), style: "scan-added")
                    onScanned?(book, true)
                    fill(book, org: org)
                case .found(let book):
                    confirm(tr("Found “{title}”: already in the library", ["title": title]), style: "scan-found")
                    onScanned?(book, false)
                }
            } catch let error as ISBNError {
                confirm(tr("Not an ISBN ({value}): {problem}", ["value": typed, "problem": error.description]), style: "scan-refused")
            } catch {
                confirm(tr("Could not add the book: {error}", ["error": "\(error)"]), style: "scan-refused")
            }
            _ = entry.grabFocus()
        }
    }

    private func confirm(_ text: String, style: String) {
        for name in ["scan-added", "scan-found", "scan-refused"] { result.setCSSClass(name, name == style) }
        result.text = text
        recent.insert(text, at: 0)
        recent = Array(recent.prefix(5))
        log.text = recent.dropFirst().joined(separator: "\n")
        log.isVisible = recent.count > 1
    }

    /// Fills a scanned book from Open Library in the background; offline, it keeps its ISBN
    /// as its title until staff give it one.
    private func fill(_ book: LocalRecord, org: Organization) {
        guard let isbn = book["isbn"]?.stringValue.flatMap({ try? ISBN($0) }) else { return }
        Task {
            guard let found = try? await lookup.lookUp(isbn), !found.isEmpty else { return }
            do {
                let updated = try await records.update(.book, id: book.id, changes: found, in: org)
                onFilled?(updated.id)
            } catch {
                // Open Library's data did not pass the book's checks: the scan stands as it was.
            }
        }
    }
}
