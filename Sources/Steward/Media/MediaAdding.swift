import Foundation
import GtkKit
import StewardCore
import Translation

/// Adds files to the library one after the other, without holding up the window: the library
/// reads, checks and cleans each off the main thread while the progress bar says which file
/// of how many is being added. Each refused file gets a toast with the library's reason; the
/// others go on. Files given while some are being added join the queue.
@MainActor
final class MediaAdding {
    private let library: MediaLibrary
    private let progress: ProgressBar
    private let toasts: ToastOverlay
    private var queue: [(path: String, org: Organization)] = []
    private var running = false
    /// Files of the current run: for "2 of 5".
    private var done = 0
    private var total = 0
    private var added = 0
    /// A file was added (the page shows it).
    var onAdded: ((MediaItem) -> Void)?
    /// Called once a run added at least one file (a change to sync).
    private var onFinished: [() -> Void] = []

    init(library: MediaLibrary, progress: ProgressBar, toasts: ToastOverlay) {
        self.library = library
        self.progress = progress
        self.toasts = toasts
    }

    func add(_ paths: [String], to org: Organization, onFinished finished: @escaping () -> Void) {
        queue += paths.map { ($0, org) }
        total += paths.count
        onFinished.append(finished)
        guard !running else { showProgress(current: nil); return }
        running = true
        Task { await run() }
    }

    private func run() async {
        while !queue.isEmpty {
            let (path, org) = queue.removeFirst()
            let file = URL(fileURLWithPath: path)
            showProgress(current: file.lastPathComponent)
            do {
                let item = try await library.add(file, to: org)
                added += 1
                onAdded?(item)
            } catch {
                toasts.showToast(String(describing: error), timeout: 10)
            }
            done += 1
        }
        if added > 0 {
            toasts.showToast(trn("{count} file added", "{count} files added", added))
            for finished in onFinished { finished() }
        }
        onFinished = []
        (done, total, added) = (0, 0, 0)
        running = false
        progress.isVisible = false
    }

    private func showProgress(current name: String?) {
        guard total > 1 else { progress.isVisible = false; return }
        progress.isVisible = true
        progress.fraction = Double(done) / Double(total)
        if let name {
            progress.text = tr("Adding {name} ({number} of {total})",
                               ["name": name, "number": String(done + 1), "total": String(total)])
        }
    }
}
