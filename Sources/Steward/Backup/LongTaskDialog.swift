import Foundation
import GtkKit
import Translation

/// A dialog with a progress bar while a long task runs off the main thread (a backup, a
/// restore). It has no button: the task cannot be stopped halfway without leaving a half file,
/// and it closes itself when the task is done.
@MainActor
final class LongTaskDialog {
    private let dialog: MessageDialog
    private let bar = ProgressBar()

    init(parent: Window, heading: String, body: String) {
        dialog = MessageDialog(parent: parent, heading: heading, body: body)
        bar.showsText = true
        bar.text = tr("Starting…")
        dialog.setExtraChild(bar)
    }

    /// Runs `work` on a background thread with a progress callback (0...1), then `done` here
    /// with the error's message, or nil when it went well.
    func run(_ work: @escaping @Sendable (@escaping @Sendable (Double) -> Void) throws -> Void,
             done: @escaping @MainActor (String?) -> Void) {
        dialog.present()
        let shown = ProgressShown(self)
        Task {
            let failure: String? = await Task.detached(priority: .userInitiated) {
                do {
                    try work { fraction in Task { @MainActor in shown.set(fraction) } }
                    return nil
                } catch {
                    return String(describing: error)
                }
            }.value
            dialog.close()
            done(failure)
        }
    }

    fileprivate func set(_ fraction: Double) {
        bar.fraction = fraction
        bar.text = tr("{percent}%", ["percent": String(Int((fraction * 100).rounded()))])
    }
}

/// What the background task reports progress to (main-actor isolated, so it may be handed to
/// another thread).
@MainActor
private final class ProgressShown {
    weak var dialog: LongTaskDialog?
    init(_ dialog: LongTaskDialog) { self.dialog = dialog }
    func set(_ fraction: Double) { dialog?.set(fraction) }
}
