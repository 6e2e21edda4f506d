import CGtk

/// A repeating GLib timeout on the default main context, running a main-actor closure until
/// it returns false or `cancel()` is called. Keep the `Timeout`: dropping it cancels it, so a
/// timer never outlives whoever wanted it.
@MainActor
public final class Timeout {
    /// Where a timeout stands among other main-loop work.
    public enum Priority: Sendable {
        /// Before input, layout and drawing: for measuring the loop itself.
        case high
        /// With ordinary events.
        case normal
        /// After drawing: background chores.
        case low

        var glib: gint {
            switch self {
            case .high: G_PRIORITY_HIGH
            case .normal: G_PRIORITY_DEFAULT
            case .low: G_PRIORITY_LOW
            }
        }
    }

    private final class Callback {
        let body: @MainActor () -> Bool
        var finished = false
        init(_ body: @escaping @MainActor () -> Bool) { self.body = body }
    }

    private var sourceID: guint
    private let callback: Callback

    /// Calls `body` every `milliseconds` until it returns false. GLib schedules each call
    /// `milliseconds` after the previous one was dispatched, so a late call delays the next.
    public init(every milliseconds: UInt32, priority: Priority = .normal,
                _ body: @escaping @MainActor () -> Bool) {
        let callback = Callback(body)
        self.callback = callback
        let data = Unmanaged.passRetained(callback).toOpaque()
        sourceID = g_timeout_add_full(priority.glib, milliseconds, { data in
            let callback = Unmanaged<Callback>.fromOpaque(data!).takeUnretainedValue()
            let keep = MainActor.assumeIsolated { callback.body() }
            if !keep { callback.finished = true }
            return keep ? 1 : 0
        }, data, { data in
            Unmanaged<Callback>.fromOpaque(data!).release()
        })
    }

    /// True until the closure returned false or `cancel()` ran.
    public var isActive: Bool { sourceID != 0 && !callback.finished }

    /// Stops the timeout; the closure is released. Safe to call more than once.
    public func cancel() {
        guard sourceID != 0 else { return }
        if !callback.finished { g_source_remove(sourceID) }
        sourceID = 0
    }

    isolated deinit {
        cancel()
    }
}
