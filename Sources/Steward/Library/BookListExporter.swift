import Foundation
import GtkKit
import StewardCore
import StewardPrint
import Translation

/// The Books page's Export menu: the catalogue, the wishlist, the favourites or the to-read
/// list saved as CSV or PDF, or printed through GTK's print dialog; the same lists and files
/// as `stewardctl books export`. Exporting reads the books; it needs no edit rights.
@MainActor
final class BookListExporter {
    private let records: RecordService
    private let window: ApplicationWindow
    private let toasts: ToastOverlay
    private let saver: ExportSaver
    var organization: Organization?

    init(records: RecordService, window: ApplicationWindow, toasts: ToastOverlay) {
        self.records = records
        self.window = window
        self.toasts = toasts
        saver = ExportSaver(window: window, toasts: toasts)
    }

    /// The menu's actions (`export.csv`, `export.pdf`, `export.print`, each taking a list's
    /// name), on `widget`.
    func installActions(on widget: Widget) {
        let actions = ActionGroup()
        actions.addAction("csv", parameter: .string) { [weak self] list in self?.run(list, self?.saveCSV) }
        actions.addAction("pdf", parameter: .string) { [weak self] list in self?.run(list, self?.savePDF) }
        actions.addAction("print", parameter: .string) { [weak self] list in self?.run(list, self?.printList) }
        widget.insertActionGroup(actions, prefix: "export")
    }

    /// One section per list: as CSV, as PDF, print.
    static func menu() -> Menu {
        let menu = Menu()
        for list in BookList.allCases {
            let section = Menu()
            section.append(tr("{list} as CSV…", ["list": list.title]), action: "export.csv::\(list.rawValue)")
            section.append(tr("{list} as PDF…", ["list": list.title]), action: "export.pdf::\(list.rawValue)")
            section.append(tr("Print {list}…", ["list": list.title]), action: "export.print::\(list.rawValue)")
            menu.appendSection(nil, section)
        }
        return menu
    }

    private func run(_ name: Variant, _ action: ((BookListExport) -> Void)?) {
        guard let org = organization, let list = name.string.flatMap(BookList.init(rawValue:)), let action else { return }
        Task {
            do {
                action(try await BookListExport.make(list, in: org, records: records))
            } catch {
                toasts.showToast(tr("Could not read the books: {error}", ["error": "\(error)"]))
            }
        }
    }

    private func fileName(_ export: BookListExport, _ suffix: String) -> String {
        "\(export.list.fileStem)-\(export.today).\(suffix)"
    }

    private func saveCSV(_ export: BookListExport) {
        saver.save(title: tr("Export {list} as CSV", ["list": export.list.title]), suggestedName: fileName(export, "csv")) { path in
            try BookListCSV.text(export).write(toFile: path, atomically: true, encoding: .utf8)
        }
    }

    private func savePDF(_ export: BookListExport) {
        let blocks = BookListPrint.blocks(of: export)
        saver.save(title: tr("Export {list} as PDF", ["list": export.list.title]), suggestedName: fileName(export, "pdf")) { path in
            try PDFExport.write(PageLayout(blocks: blocks, paper: .ofLocale), to: path)
        }
    }


    /// GTK's print dialog; the pages are laid out for the paper chosen there.
    private func printList(_ export: BookListExport) {
        let blocks = BookListPrint.blocks(of: export)
        BlockPrinting.run(blocks, jobName: "\(export.list.fileStem)-\(export.today)", window: window, toasts: toasts)
    }
}
