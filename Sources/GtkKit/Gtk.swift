import CGtk

/// Process-wide GTK setup.
public enum Gtk {
    /// Initializes GTK and libadwaita without an Application (tests, tools). Returns false when
    /// there is no display; an `Application` does this itself at startup.
    @MainActor
    @discardableResult
    public static func initialize() -> Bool {
        guard gtk_init_check() != 0 else { return false }
        adw_init()
        return true
    }

    /// Runs pending GLib events without blocking; returns when none are left (or after `limit`).
    /// For tests and for flushing work before a screenshot.
    @MainActor
    public static func drainEvents(limit: Int = 10_000) {
        var count = 0
        while count < limit, g_main_context_iteration(nil, 0) != 0 { count += 1 }
    }

    /// Iterates the default main context until `condition` holds or `timeout` seconds pass.
    /// Returns the final value of `condition`.
    @MainActor
    @discardableResult
    public static func iterate(until condition: () -> Bool, timeout: Double = 5) -> Bool {
        let deadline = g_get_monotonic_time() + gint64(timeout * 1_000_000)
        while !condition() {
            if g_get_monotonic_time() > deadline { return false }
            // Non-blocking so the deadline is honoured even when nothing is pending.
            if g_main_context_iteration(nil, 0) == 0 { g_usleep(1_000) }
        }
        return true
    }
}
