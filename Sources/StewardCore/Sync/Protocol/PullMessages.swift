import Foundation

/// A page of the store's changes, in the order the store committed them.
public struct PullResponse: Hashable, Sendable, Codable {
    public var changes: [RemoteRecord]
    /// Opaque: pass it back to get what comes after this page.
    public var cursor: String
    public var hasMore: Bool
    /// The identity of the store's copy of the organization, the same on every page and in
    /// every process of one store, made anew by another store (a new one, or another
    /// organization's database at the same address). A console remembers it: only records
    /// whose versions came from this identity may be judged by what this feed lacks.
    public var storeId: String?
    /// The newest version whose tombstone the store may have purged: a record the console had
    /// at this version or before, missing from a full read, was deleted here; one with a newer
    /// version that a full read lacks was lost by the store (restored from an older backup).
    public var purgedThrough: Int64?

    public init(changes: [RemoteRecord], cursor: String, hasMore: Bool, storeId: String? = nil,
                purgedThrough: Int64? = nil) {
        self.changes = changes
        self.cursor = cursor
        self.hasMore = hasMore
        self.storeId = storeId
        self.purgedThrough = purgedThrough
    }
}

/// Every error the store answers with: a stable code for programs and a sentence for people.
public struct ErrorResponse: Hashable, Sendable, Codable, Error {
    public var error: String
    public var message: String
    /// With `mutation-gap`: resend from the mutation after this one.
    public var lastMutationId: Int64?
    /// With `too-many-attempts`: seconds to wait before signing in again (also `Retry-After`).
    public var retryAfter: Int?

    public init(error: String, message: String, lastMutationId: Int64? = nil, retryAfter: Int? = nil) {
        self.error = error
        self.message = message
        self.lastMutationId = lastMutationId
        self.retryAfter = retryAfter
    }

    public enum Code {
        public static let badRequest = "bad-request"
        public static let unauthorized = "unauthorized"
        public static let forbidden = "forbidden"
        public static let notFound = "not-found"
        public static let mutationGap = "mutation-gap"
        public static let resyncRequired = "resync-required"
        /// Pushing: the push names the store its base versions came from (`storeId`), and this
        /// is another one (409). Pull from the start to learn what it has, then push again.
        public static let storeChanged = "store-changed"
        public static let tooLarge = "too-large"
        public static let unavailable = "unavailable"
        /// Signing in: the email and password do not match a staff member of this organization.
        public static let wrongCredentials = "wrong-credentials"
        /// Signing in: too many failures for this email lately; wait `retryAfter` seconds.
        public static let tooManyAttempts = "too-many-attempts"
        /// The access token has expired: refresh it (`session/refresh`) and try again.
        public static let tokenExpired = "token-expired"
        /// Pushing: the client id belongs to another staff account or API token (409).
        public static let clientIdInUse = "client-id-in-use"
        /// Registering a member: the organization has an account with this email already (409).
        public static let emailTaken = "email-taken"
        /// A member's account is disabled by staff (403).
        public static let accountDisabled = "account-disabled"
        /// A member's submission cannot be changed in its state (a rejected one; 409).
        public static let notEditable = "not-editable"
        /// A member sent submissions or registrations too fast; wait `retryAfter` seconds (429).
        public static let tooManyRequests = "too-many-requests"
        /// The organization does not use the module the endpoint belongs to (404).
        public static let moduleNotUsed = "module-not-used"
        /// Checking in: the code is not the event's current one (422).
        public static let wrongCode = "wrong-code"
        /// Checking in: the code was the event's a while ago, not now (422).
        public static let codeExpired = "code-expired"
        /// Checking in: the event does not take check-ins yet (422).
        public static let checkInNotOpen = "check-in-not-open"
        /// Checking in: the event stopped taking check-ins (422).
        public static let checkInClosed = "check-in-closed"
        /// Checking in at an ongoing event: the position is outside its radius (422).
        public static let tooFarAway = "too-far-away"
        /// Checking in: the member has their stamp for this event already (409).
        public static let alreadyCheckedIn = "already-checked-in"
        /// Checking in: the event gives no passport stamps (422).
        public static let notPassportEvent = "not-a-passport-event"
        /// Answering a survey question: the answer does not fit the question's type or options (422).
        public static let invalidAnswer = "invalid-answer"
        /// Answering a survey question: it changed since the app fetched it; fetch it again (409).
        public static let questionChanged = "question-changed"
        /// Answering a survey question asked of another audience (403).
        public static let notYourQuestion = "not-your-question"
        /// Registering a device: its push endpoint is on an internal address (422).
        public static let privateEndpoint = "private-endpoint"
    }
}

/// A pull cursor: the last store sequence number the client has seen, and the organization's
/// purge mark when the store handed the cursor out. Opaque to clients; the text form is
/// versioned so the store can change what it holds (`s2.<sequence>.<purgeMark>`; the older
/// `s1.<sequence>` still reads, as purge mark 0).
public struct SyncCursor: Hashable, Sendable {
    public var sequence: Int64
    /// The organization's `purged_through_seq` when this cursor was issued: a cursor below the
    /// current mark is still good if no purge happened since it was issued.
    public var purgeMark: Int64

    public init(sequence: Int64, purgeMark: Int64 = 0) {
        self.sequence = sequence
        self.purgeMark = purgeMark
    }

    public static let start = SyncCursor(sequence: 0)

    public var text: String { "s2.\(sequence).\(purgeMark)" }

    public init?(text: String) {
        if text.isEmpty {
            self = .start
            return
        }
        if text.hasPrefix("s1.") {
            guard let value = Self.number(text.dropFirst(3)) else { return nil }
            self.init(sequence: value)
            return
        }
        guard text.hasPrefix("s2.") else { return nil }
        let parts = text.dropFirst(3).split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let sequence = Self.number(parts[0]), let mark = Self.number(parts[1]) else { return nil }
        self.init(sequence: sequence, purgeMark: mark)
    }

    /// A non-negative decimal number, digits only.
    private static func number(_ text: Substring) -> Int64? {
        guard !text.isEmpty, text.allSatisfy({ $0 >= "0" && $0 <= "9" }), let value = Int64(text) else { return nil }
        return value
    }
}

/// What the phone apps read: an organization's upcoming events.
public struct UpcomingEventsResponse: Hashable, Sendable, Codable {
    public var events: [RemoteRecord]

    public init(events: [RemoteRecord]) {
        self.events = events
    }
}
