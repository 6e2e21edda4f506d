import Foundation
import GtkKit
import StewardCore
import Translation

/// The import preview: what importing a catalogue file would do, before anything is written
/// (`BookImporter.preview`): the new books, the rows that are books the library has already
/// (and which), and the rows that cannot be imported with their row numbers and reasons.
/// Import writes the new books in one transaction; Cancel writes nothing.
@MainActor
final class ImportPreviewWindow {
    /// Rows listed per group; a file of 20,000 books says how many more there are.
    static let shownRows = 200

    private let ui: Builder
    private let window: Window
    private let confirm: Button
    private let importer: BookImporter
    private let file: BookImportFile
    private let organization: Organization
    private var isImporting = false
    var onClosed: (() -> Void)?
    /// The import ran: how many books it added.
    var onImported: ((Int) -> Void)?

    init(parent: Window, fileName: String, file: BookImportFile, preview: BookImportPreview, importer: BookImporter,
         organization: Organization) {
        ui = Builder(resource: ResourceBundle.path("Library/import-preview.ui"))
        window = ui.object("import_window")
        confirm = ui.object("import_confirm")
        self.importer = importer
        self.file = file
        self.organization = organization
        window.setTransientFor(parent)
        let title: WindowTitle = ui.object("import_title")
        title.subtitle = fileName
        window.onCloseRequest { [weak self] in
            self?.onClosed?()
            return false
        }
        let actions = ActionGroup()
        actions.addAction("cancel") { [weak self] in self?.window.close() }
        let run = actions.addAction("run") { [weak self] in self?.runImport() }
        window.insertActionGroup(actions, prefix: "import")
        let keys = ShortcutController(scope: .managed)
        keys.add(trigger: "Escape", action: "import.cancel")
        window.addController(keys)

        let count = preview.newBooks.count
        confirm.label = trn("_Import {count} Book", "_Import {count} Books", count)
        confirm.setAccessibleLabel(trn("Import {count} Book", "Import {count} Books", count))
        run.isEnabled = count > 0
        ui.object("import_summary", as: Label.self).text = Self.summary(preview)
        let groups: Box = ui.object("import_groups")
        groups.append(group(trn("New Book ({count})", "New Books ({count})", count), preview.newBooks.map { book in
            (tr("Row {row}: {title}", ["row": String(book.row), "title": book.title]),
             [book.authors, book.isbn].filter { !$0.isEmpty }.joined(separator: " · "))
        }))
        groups.append(group(trn("Already in the Library ({count})", "Already in the Library ({count})", preview.duplicates.count),
                            preview.duplicates.map { duplicate in
            (tr("Row {row}: {title}", ["row": String(duplicate.row), "title": duplicate.title]), Self.why(duplicate))
        }))
        groups.append(group(trn("Row With Errors ({count})", "Rows With Errors ({count})", preview.errors.count),
                            preview.errors.map { (tr("Row {row}", ["row": String($0.row)]), $0.reason) }))
    }

    func present() { window.present() }

    static func summary(_ preview: BookImportPreview) -> String {
        [trn("{count} new book will be added.", "{count} new books will be added.", preview.newBooks.count),
         trn("{count} row is a book the library has already.", "{count} rows are books the library has already.",
             preview.duplicates.count),
         trn("{count} row cannot be imported.", "{count} rows cannot be imported.", preview.errors.count),
         tr("Nothing is written until you choose Import.")].joined(separator: " ")
    }

    private static func why(_ duplicate: BookImportPreview.Duplicate) -> String {
        switch (duplicate.match, duplicate.existing, duplicate.earlierRow) {
        case (.isbn, _?, _): tr("Same ISBN as “{title}”", ["title": duplicate.existingTitle])
        case (.titleAndAuthor, _?, _): tr("Same title and author as “{title}”", ["title": duplicate.existingTitle])
        case (.isbn, nil, let row): tr("Same ISBN as row {row} of this file", ["row": String(row ?? 0)])
        case (.titleAndAuthor, nil, let row): tr("Same title and author as row {row} of this file", ["row": String(row ?? 0)])
        }
    }

    private func group(_ title: String, _ rows: [(String, String)]) -> Widget {
        let group = PreferencesGroup(title: title)
        for (heading, detail) in rows.prefix(Self.shownRows) {
            let row = ActionRow(title: Label.escapeMarkup(heading), subtitle: detail.isEmpty ? nil : Label.escapeMarkup(detail))
            row.setAccessibleLabel(detail.isEmpty ? heading : "\(heading), \(detail)")
            group.add(row)
        }
        if rows.count > Self.shownRows {
            group.add(ActionRow(title: trn("and {count} more", "and {count} more", rows.count - Self.shownRows)))
        }
        group.isVisible = !rows.isEmpty
        return group
    }

    private func runImport() {
        guard !isImporting else { return }
        isImporting = true
        confirm.isSensitive = false
        Task {
            do {
                let done = try await importer.run(file, in: organization)
                onImported?(done.newBooks.count)
                window.close()
            } catch {
                isImporting = false
                confirm.isSensitive = true
                let dialog = MessageDialog(parent: window, heading: tr("Could Not Import the Books"),
                                           body: tr("Nothing was written: {error}", ["error": "\(error)"]))
                dialog.addResponse("close", tr("_Close"))
                dialog.present()
            }
        }
    }
}
