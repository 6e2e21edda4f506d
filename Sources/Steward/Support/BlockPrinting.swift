import GtkKit
import StewardPrint
import Translation

/// Printing a document made of print blocks (a bulletin, a book list, a loan report) through
/// GTK's print dialog. The pages are laid out only once the dialog has said which paper and
/// margins were chosen, so what prints fits the paper in the tray, not the locale's default.
@MainActor
enum BlockPrinting {
    static func run(_ blocks: [PrintBlock], jobName: String, window: Window, toasts: ToastOverlay) {
        let operation = PrintOperation(jobName: jobName)
        var layout: PageLayout?
        operation.onBegin = { width, height in
            let laidOut = PageLayout(blocks: blocks, paper: PaperSize(width: width, height: height), margin: 0)
            layout = laidOut
            return laidOut.pageCount
        }
        operation.onDrawPage = { context, page in layout?.draw(page: page, on: context) }
        if case .failed(let message) = operation.runDialog(parent: window) {
            toasts.showToast(tr("Could not print: {error}", ["error": message]))
        }
    }
}
