import ServiceLifecycle

/// Runs `work` every `interval` until the server shuts down (first after one interval: at
/// start the schema may not be migrated yet). The store's housekeeping services share it.
func repeatUntilShutdown(every interval: Duration, _ work: @escaping @Sendable () async -> Void) async {
    // Shutdown cancels the sleep: that is the normal way out, not an error.
    await cancelWhenGracefulShutdown {
        while !Task.isCancelled {
            do {
                try await Task.sleep(for: interval)
            } catch {
                return
            }
            await work()
        }
    }
}
