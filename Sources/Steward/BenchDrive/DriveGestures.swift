import CGtk
import Foundation
import GtkKit

/// What the bench drive does to the window, in plain GTK terms so it works on any build:
/// typing into a field, activating a list row, waiting for a window to appear (made, or made
/// earlier and shown now) and paint,
/// closing it. Nothing here knows how a page or an editor is built.
@MainActor
final class DriveGestures {
    private let search: SearchEntry
    private let list: ColumnView
    /// Timeouts in flight (dropping a `Timeout` cancels it).
    private var timers: [Int: Timeout] = [:]
    private var nextTimer = 0

    init(search: SearchEntry, list: ColumnView) {
        self.search = search
        self.list = list
    }

    /// One more character at the end of the search field, as a keystroke puts it there.
    func type(_ character: String) {
        var position = gint(search.text.unicodeScalars.count)
        gtk_editable_insert_text(search.opaque, character, -1, &position)
    }

    /// Selects the list's row `row` and activates it, then waits for the window that appears
    /// (a new one, or a hidden one shown) to paint its first frame. `start` is the moment of
    /// activation.
    func openWindow(activatingRow row: Int) async -> (window: Window, start: UInt64, painted: UInt64) {
        let toplevels = gtk_window_get_toplevels()!
        let watch = NewWindowWatch(before: Self.windows(in: toplevels))
        watch.handler = Signal.connectUInt3(UnsafeMutableRawPointer(toplevels), "items-changed") { [weak self] model, position, _, added in
            guard let self, !watch.seen else { return }
            for index in position..<(position + added) {
                guard let item = g_list_model_get_item(OpaquePointer(model), index) else { continue }
                g_object_unref(item)
                guard !watch.before.contains(item) else { continue }
                watch.seen = true
                if let handler = watch.handler { Signal.disconnect(model, handler) }
                // The window may still be in construction here: it is wrapped and watched at the
                // next turn of the main loop, ahead of any drawing (high priority), and so
                // before its first frame, which waits for the frame clock.
                self.soon {
                    guard Self.windows(in: toplevels).contains(item) else { return }
                    let window = Window(borrowing: item)
                    watch.window = window
                    NextPaint.after(window) { watch.painted.fire(at: DriveClock.now()) }
                }
                return
            }
        }
        // A window made ahead of need and not shown yet (GtkKit's PreparedBuilder) appears by
        // being shown: its first frame counts as a new window's does.
        for raw in watch.before where gtk_widget_get_visible(raw.assumingMemoryBound(to: GtkWidget.self)) == 0 {
            let window = Window(borrowing: raw)
            watch.hidden.append(window)  // NextPaint holds it weakly
            NextPaint.after(window) { [weak window] in
                guard let window, !watch.seen else { return }
                watch.seen = true
                if let handler = watch.handler { Signal.disconnect(UnsafeMutableRawPointer(toplevels), handler) }
                watch.window = window
                watch.painted.fire(at: DriveClock.now())
            }
        }
        guard let model = gtk_column_view_get_model(list.opaque) else {
            fatalError("the events list has no model")
        }
        gtk_selection_model_select_item(model, guint(row), 1)
        let start = DriveClock.now()
        cgtk_signal_emit_uint(list.raw, "activate", guint(row))
        let end = await watch.painted.wait()
        return (watch.window!, start, end)
    }

    /// What `openWindow` knows while it waits (a class: signal handlers cannot change
    /// captured variables).
    private final class NewWindowWatch {
        let before: Set<UnsafeMutableRawPointer>
        let painted = Occurrence()
        var handler: SignalHandlerID?
        var seen = false
        var window: Window?
        /// The windows that were hidden when the row was activated, watched for their first paint.
        var hidden: [Window] = []
        init(before: Set<UnsafeMutableRawPointer>) { self.before = before }
    }

    /// Closes `window` as its close button would and waits until it is gone.
    func close(_ window: Window) async {
        let toplevels = gtk_window_get_toplevels()!
        let raw = window.raw
        window.close()
        while Self.windows(in: toplevels).contains(raw) {
            await pause(milliseconds: 10)
        }
    }

    func pause(milliseconds: UInt32) async {
        let done = Occurrence()
        let key = nextTimer
        nextTimer += 1
        timers[key] = Timeout(every: milliseconds) { done.fire(at: DriveClock.now()); return false }
        _ = await done.wait()
        timers[key] = nil
    }

    /// Runs `body` at the next turn of the main loop, before input, layout and drawing.
    private func soon(_ body: @escaping @MainActor () -> Void) {
        let key = nextTimer
        nextTimer += 1
        // Spent timers go when the next one is made, never inside their own callback.
        timers = timers.filter { $0.value.isActive }
        timers[key] = Timeout(every: 0, priority: .high) {
            body()
            return false
        }
    }

    private static func windows(in toplevels: OpaquePointer) -> Set<UnsafeMutableRawPointer> {
        var found: Set<UnsafeMutableRawPointer> = []
        for index in 0..<g_list_model_get_n_items(toplevels) {
            guard let item = g_list_model_get_item(toplevels, index) else { continue }
            found.insert(item)
            g_object_unref(item)
        }
        return found
    }
}

/// Something that happens once, at a moment: awaited before or after it happened.
@MainActor
final class Occurrence {
    private var moment: UInt64?
    private var waiter: CheckedContinuation<UInt64, Never>?

    func fire(at moment: UInt64) {
        guard self.moment == nil else { return }
        self.moment = moment
        waiter?.resume(returning: moment)
        waiter = nil
    }

    func wait() async -> UInt64 {
        if let moment { return moment }
        return await withCheckedContinuation { waiter = $0 }
    }
}

/// Monotonic time for the drive's measurements.
enum DriveClock {
    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    static func seconds(since start: UInt64) -> Double { Double(now() - start) / 1e9 }

    /// Milliseconds from `start` to `end`, two decimals.
    static func format(since start: UInt64, until end: UInt64) -> String {
        String(format: "%.2f", Double(end - start) / 1e6)
    }
}
