/// How far a sync has come, reported while it runs so a long one can show a bar.
public struct SyncProgress: Hashable, Sendable {
    public enum Stage: Hashable, Sendable {
        /// Sending photos, recordings and documents added here, before the records using them.
        case uploading
        /// Pushing the outbox.
        case sending
        /// Pulling the store's changes.
        case receiving
    }

    public var stage: Stage
    /// Changes the store has answered in this sync.
    public var sent: Int
    /// Changes to send, counted when sending started (edits made since come on top).
    public var toSend: Int
    /// Pull pages applied in this sync, and the records they wrote.
    public var pagesPulled: Int
    public var pulled: Int
    /// Bytes of files the store holds, of all those this sync sends.
    public var bytesSent: Int64
    public var bytesToSend: Int64

    public init(stage: Stage, sent: Int = 0, toSend: Int = 0, pagesPulled: Int = 0, pulled: Int = 0,
                bytesSent: Int64 = 0, bytesToSend: Int64 = 0) {
        self.stage = stage
        self.sent = sent
        self.toSend = toSend
        self.pagesPulled = pagesPulled
        self.pulled = pulled
        self.bytesSent = bytesSent
        self.bytesToSend = bytesToSend
    }

    /// 0...1 while uploading or sending; nil while receiving, since the feed's length is not
    /// known ahead.
    public var fraction: Double? {
        switch stage {
        case .uploading:
            guard bytesToSend > 0 else { return nil }
            return min(1, Double(bytesSent) / Double(bytesToSend))
        case .sending:
            guard toSend > 0 else { return nil }
            return min(1, Double(sent) / Double(toSend))
        case .receiving:
            return nil
        }
    }
}
