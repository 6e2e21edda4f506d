import Foundation

/// A page of the store's changes, in the order the store committed them.
public struct PullResponse: Hashable, Sendable, Codable {
    public var changes: [RemoteRecord]
    /// Opaque: pass it back to get what comes after this page.
    public var cursor: String
    public var hasMore: Bool

    public init(changes: [RemoteRecord], cursor: String, hasMore: Bool) {
        self.changes = changes
        self.cursor = cursor
        self.hasMore = hasMore
    }
}

/// Every error the store answers with: a stable code for programs and a sentence for people.
public struct ErrorResponse: Hashable, Sendable, Codable, Error {
    public var error: String
    public var message: String
    /// With `mutation-gap`: resend from the mutation after this one.
    public var lastMutationId: Int64?

    public init(error: String, message: String, lastMutationId: Int64? = nil) {
        self.error = error
        self.message = message
        self.lastMutationId = lastMutationId
    }

    public enum Code {
        public static let badRequest = "bad-request"
        public static let unauthorized = "unauthorized"
        public static let forbidden = "forbidden"
        public static let notFound = "not-found"
        public static let mutationGap = "mutation-gap"
        public static let resyncRequired = "resync-required"
        public static let tooLarge = "too-large"
        public static let unavailable = "unavailable"
    }
}

/// A pull cursor: the last store sequence number the client has seen. Opaque to clients; the
/// text form is versioned so the store can change what it holds.
public struct SyncCursor: Hashable, Sendable {
    public var sequence: Int64

    public init(sequence: Int64) {
        self.sequence = sequence
    }

    public static let start = SyncCursor(sequence: 0)

    public var text: String { "s1.\(sequence)" }

    public init?(text: String) {
        if text.isEmpty {
            self = .start
            return
        }
        guard text.hasPrefix("s1."), let value = Int64(text.dropFirst(3)), value >= 0 else { return nil }
        sequence = value
    }
}

/// What the phone apps read: an organization's upcoming events.
public struct UpcomingEventsResponse: Hashable, Sendable, Codable {
    public var events: [RemoteRecord]

    public init(events: [RemoteRecord]) {
        self.events = events
    }
}
