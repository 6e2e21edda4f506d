import Foundation

/// For the UI tests only: with `STEWARD_HOLD_LOADS` set to a file's path, the pages' reads
/// (those behind a `LoadingPage`) wait while that file exists, so a test can see what a page
/// shows while it loads without racing the read. Unset (always, outside tests) it waits for
/// nothing.
///
/// On the main actor, so that with no file to wait on the call returns at once without leaving
/// it: a nonisolated async call hops off the main actor and back, and that let a page's read
/// run after what followed it on the main thread (the Events list, after switching
/// organization, showed its count with no rows drawn).
@MainActor
enum LoadGate {
    private static let path = ProcessInfo.processInfo.environment["STEWARD_HOLD_LOADS"].flatMap { $0.isEmpty ? nil : $0 }

    static func wait() async {
        guard let path else { return }
        while FileManager.default.fileExists(atPath: path) {
            try? await Task.sleep(nanoseconds: 50_000_000)
        }
    }
}
