import Foundation

/// Keeps a `BackgroundSync` observer registered: `cancel()`, or letting go of it, removes it.
public final class SyncObservation: Sendable {
    private let onCancel: @Sendable () -> Void

    init(onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = onCancel
    }

    public func cancel() {
        onCancel()
    }

    deinit {
        onCancel()
    }
}
