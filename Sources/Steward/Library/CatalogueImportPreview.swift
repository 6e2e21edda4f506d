import Foundation
import StewardCore
import Translation

/// A catalogue file's import preview (`BookImporter.preview`) in the shared preview window's
/// terms: the new books, the rows that are books the library has already (and which), and the
/// rows that cannot be imported with their row numbers and reasons. Import writes the new books
/// a batch at a time (`BookImporter.run`).
enum CatalogueImportPreview {
    /// `imported` is told how many books the import added.
    @MainActor
    static func make(fileName: String, file: BookImportFile, preview: BookImportPreview, importer: BookImporter,
                     organization: Organization, imported: @escaping @MainActor (Int) -> Void) -> ImportPreview {
        let count = preview.newBooks.count
        return ImportPreview(
            title: tr("Import Books"), subtitle: fileName, summary: summary(preview),
            groups: [
                .init(title: trn("New Book ({count})", "New Books ({count})", count), rows: preview.newBooks.map { book in
                    .init(heading: tr("Row {row}: {title}", ["row": String(book.row), "title": book.title]),
                          detail: [book.authors, book.isbn].filter { !$0.isEmpty }.joined(separator: " · "))
                }),
                .init(title: trn("Already in the Library ({count})", "Already in the Library ({count})", preview.duplicates.count),
                      rows: preview.duplicates.map { duplicate in
                    .init(heading: tr("Row {row}: {title}", ["row": String(duplicate.row), "title": duplicate.title]),
                          detail: why(duplicate))
                }),
                .init(title: trn("Row With Errors ({count})", "Rows With Errors ({count})", preview.errors.count),
                      rows: preview.errors.map { .init(heading: tr("Row {row}", ["row": String($0.row)]), detail: $0.reason) }),
            ],
            confirmLabel: trn("_Import {count} Book", "_Import {count} Books", count),
            blockedReason: count > 0 ? nil : tr("The file has no new books to import."),
            failureHeading: tr("Could Not Import the Books"),
            confirm: {
                do {
                    let done = try await importer.run(file, in: organization)
                    imported(done.newBooks.count)
                } catch let stop as BookImportStopped {
                    // The batches before the stop are in the catalogue: the list shows them, and
                    // the failure says how many there are and where to start again.
                    imported(stop.imported.newBooks.count)
                    throw stop
                }
            })
    }

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
}
