import Foundation
import GtkKit

/// With STEWARD_BENCH_DRIVE=events, works the Events page as a person would once its first
/// list is on screen, times each step, prints one line per measurement and quits, so that
/// `steward-bench --compare-with` can time two builds doing exactly the same thing
/// (Sources/steward-bench/DriveBenchmark.swift reads the lines). Without the variable the
/// page's two calls return at once and nothing here runs.
///
/// - `search-keystroke <ms>`: one more letter typed into the search field, timed from the
///   field's "search-changed" (GTK's typing delay after the keystroke, fixed and the same in
///   every build, is not counted) to the first frame painted after the page has shown that
///   query's list.
/// - `editor-open <ms>`: a listed row activated (what a double-click or Enter on it does),
///   timed to the first frame painted by the window that appears; the window is then closed.
///   Only "a window appeared (made, or made ahead and shown) and painted" is watched, so the
///   editor may be built any way.
/// - `bench-drive-done` once every step ran; `bench-drive-failed <why>` if a step never
///   finished (after `stepLimit` seconds), and the process exits with status 1.
@MainActor
final class BenchDriver {
    /// What is typed, one letter at a time (the phrases the core's search benchmark types).
    static let phrases = ["community picnic", "yoga park", "riverside"]
    /// How many times the editor is opened, on the first rows of the whole list.
    static let editorOpens = 5
    /// Seconds a step may take before the drive gives up.
    static let stepLimit: Double = 120

    private static var current: BenchDriver?

    /// The Events page hands over what a person would use: its search field, its list and
    /// the window. Call before the page connects its own search handler, so the drive's clock
    /// starts before the page's.
    static func attach(search: SearchEntry, list: ColumnView, window: Window,
                       environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard current == nil, let drive = environment["STEWARD_BENCH_DRIVE"], !drive.isEmpty else { return }
        guard drive == "events" else {
            FileHandle.standardError.write(Data("steward: STEWARD_BENCH_DRIVE=\(drive) is not a drive; the one there is is \"events\"\n".utf8))
            return
        }
        let driver = BenchDriver(search: search, list: list, window: window)
        current = driver
        driver.start()
    }

    /// The Events page shows the list for `search` (the query's search text).
    static func listShown(for search: String) {
        current?.listShown(search)
    }

    private let search: SearchEntry
    private let list: ColumnView
    private let window: Window
    private let gestures: DriveGestures
    /// When the search field last said "search-changed".
    private var searchChangedAt: UInt64?
    /// The list the drive waits for, and what to do once it is shown.
    private var expectedList: (search: String, shown: () -> Void)?
    private var step = "waiting for the first list"
    private var stepStarted = DriveClock.now()
    private var watchdog: Timeout?
    private var firstList: Occurrence?

    private init(search: SearchEntry, list: ColumnView, window: Window) {
        self.search = search
        self.list = list
        self.window = window
        gestures = DriveGestures(search: search, list: list)
    }

    private func start() {
        search.onSearchChanged { [weak self] in self?.searchChangedAt = DriveClock.now() }
        // The page's first list may be shown before the drive's task runs: expected from here.
        firstList = expectPaint(of: "")
        watchdog = Timeout(every: 1000, priority: .low) { [weak self] in
            guard let self else { return false }
            if DriveClock.seconds(since: self.stepStarted) > Self.stepLimit {
                Self.say("bench-drive-failed \(self.step) took over \(Int(Self.stepLimit)) s")
                exit(1)
            }
            return true
        }
        Task { await run() }
    }

    private func run() async {
        if let firstList { _ = await firstList.wait() }
        // The rest of a long list follows the first screenful (see EventsListController.load).
        await gestures.pause(milliseconds: 1000)
        for phrase in Self.phrases {
            for length in 1...phrase.count {
                let typed = String(phrase.prefix(length))
                begin("search keystroke \"\(typed)\"")
                let painted = expectPaint(of: typed)
                searchChangedAt = nil
                gestures.type(String(phrase[phrase.index(phrase.startIndex, offsetBy: length - 1)]))
                let end = await painted.wait()
                guard let start = searchChangedAt else {
                    fail("the list for \"\(typed)\" was shown without a search-changed")
                    return
                }
                Self.say("search-keystroke \(DriveClock.format(since: start, until: end))")
                await gestures.pause(milliseconds: 200)
            }
            begin("clearing the search")
            let cleared = expectPaint(of: "")
            search.text = ""
            _ = await cleared.wait()
            await gestures.pause(milliseconds: 500)
        }
        for row in 0..<Self.editorOpens {
            begin("opening the editor on row \(row)")
            let opened = await gestures.openWindow(activatingRow: row)
            Self.say("editor-open \(DriveClock.format(since: opened.start, until: opened.painted))")
            begin("closing the editor on row \(row)")
            await gestures.close(opened.window)
            await gestures.pause(milliseconds: 300)
        }
        Self.say("bench-drive-done")
        exit(0)
    }

    /// The moment the first frame is painted after the page has shown the list for `text`.
    /// The paint is hooked as the page reports the list, before any later frame can pass.
    private func expectPaint(of text: String) -> Occurrence {
        let painted = Occurrence()
        expectedList = (text, { [window] in
            NextPaint.after(window) { painted.fire(at: DriveClock.now()) }
        })
        return painted
    }

    private func listShown(_ text: String) {
        guard let expected = expectedList, expected.search == text else { return }
        expectedList = nil
        expected.shown()
    }

    private func begin(_ name: String) {
        step = name
        stepStarted = DriveClock.now()
    }

    private func fail(_ why: String) {
        Self.say("bench-drive-failed \(why)")
        exit(1)
    }

    private static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}
