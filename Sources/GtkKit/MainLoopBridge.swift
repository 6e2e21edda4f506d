import CGtk

/// Lets GLib's main loop run the Swift main actor and the main dispatch queue.
///
/// Under `g_application_run` nobody drains libdispatch's main queue, so `Task { @MainActor in }`,
/// the hop back to the main actor after an `await`, and `DispatchQueue.main.async` would never
/// run. libdispatch exposes the main queue as an eventfd (the hook CoreFoundation uses); watching
/// it from GLib and draining the queue when it fires bridges the two loops with no polling.
public enum MainLoopBridge {
    @MainActor private static var sourceID: guint = 0

    /// True once `install()` has run.
    @MainActor public static var isInstalled: Bool { sourceID != 0 }

    /// Adds the main-queue eventfd to the default GLib main context. Idempotent; call on the
    /// main thread before running the loop (`Application.run` does it for you).
    @MainActor
    public static func install() {
        guard sourceID == 0 else { return }
        let fd = _dispatch_get_main_queue_handle_4CF()
        precondition(fd >= 0, "libdispatch did not provide a main queue handle")
        sourceID = g_unix_fd_add(fd, G_IO_IN, { fd, _, _ in
            // Consume the eventfd counter first: it stays readable until read, and GLib would
            // call us again immediately, spinning a core at 100%.
            var counter: UInt64 = 0
            _ = read(fd, &counter, MemoryLayout<UInt64>.size)
            _dispatch_main_queue_callback_4CF(nil)
            return gboolean(1) // G_SOURCE_CONTINUE: keep watching for the life of the process.
        }, nil)
    }

    /// Removes the source again. Only for tests that need a loop without the bridge.
    @MainActor
    public static func uninstall() {
        guard sourceID != 0 else { return }
        g_source_remove(sourceID)
        sourceID = 0
    }
}
