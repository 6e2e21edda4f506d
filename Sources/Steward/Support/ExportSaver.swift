import Foundation
import GtkKit
import StewardCore
import Translation

/// Saving an export (a PDF, a CSV): asks where, writes the file, and says in a toast how it
/// went. One question at a time: while the file chooser is open, another request is ignored,
/// so a double click does not stack two dialogs.
@MainActor
final class ExportSaver {
    private let window: Window
    private let toasts: ToastOverlay
    private var chooser: FileChooser?

    init(window: Window, toasts: ToastOverlay) {
        self.window = window
        self.toasts = toasts
    }

    /// Whether a file chooser is open now.
    var isAsking: Bool { chooser != nil }

    /// Asks where to save, starting from `suggestedName`, then calls `write` with the path.
    func save(title: String, suggestedName: String, write: @escaping @MainActor (String) throws -> Void) {
        guard chooser == nil else { return }
        let shown = FileChooser(.save(suggestedName: suggestedName), title: title, parent: window, acceptLabel: tr("_Export"))
        shown.onChosen = { [weak self] path in
            guard let self else { return }
            self.chooser = nil
            guard let path else { return }
            let file = (path as NSString).lastPathComponent
            do {
                try write(path)
                self.toasts.showToast(tr("Saved {file}", ["file": file]))
            } catch {
                self.toasts.showToast(tr("Could not save {file}: {error}", ["file": file, "error": "\(error)"]))
            }
        }
        chooser = shown
        shown.show()
    }
}
