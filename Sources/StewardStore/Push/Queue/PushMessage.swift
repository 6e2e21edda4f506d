import Foundation
import StewardCore

/// How soon a push service should wake the device (RFC 8030 `Urgency`; APNs priority).
public enum PushUrgency: String, Sendable, CaseIterable, Codable {
    case veryLow = "very-low"
    case low
    case normal
    case high
}

/// One notification for the organization's members, in the delivery queue: an announcement,
/// a reminder, a notice to one member. Its id names where it comes from
/// (`announcement:<record id>`), so the same thing is never queued twice.
public struct PushMessage: Sendable, Hashable {
    public var org: String
    public var id: String
    public var title: String
    public var body: String
    /// A web address the notification opens.
    public var url: String?
    /// A record the notification opens in the app: `TYPE:ID` (`event:…`).
    public var record: String?
    /// Only members whose `audience` is one of these tags; empty: every member.
    public var audience: [String]
    /// Only this member; nil: the audience.
    public var memberId: String?
    /// The campus and ministry it concerns (`CampusTags`): only members who chose them, or
    /// chose none, are sent it; empty: every member.
    public var tags: CampusChoice
    public var urgency: PushUrgency
    public var sendAt: Date
    /// Past this the message is stale: not sent any more, and push services drop it too (TTL).
    public var expiresAt: Date

    public init(org: String, id: String, title: String, body: String, url: String? = nil, record: String? = nil,
                audience: [String] = [], memberId: String? = nil, tags: CampusChoice = CampusChoice(),
                urgency: PushUrgency = .normal, sendAt: Date, expiresAt: Date) {
        self.org = org
        self.id = id
        self.title = title
        self.body = body
        self.url = url
        self.record = record
        self.audience = audience
        self.memberId = memberId
        self.tags = tags
        self.urgency = urgency
        self.sendAt = sendAt
        self.expiresAt = expiresAt
    }
}

/// Where one job goes: the device's address as it was when the message was sent out.
public struct PushTarget: Sendable, Hashable {
    public var deviceId: String
    public var platform: PushPlatform
    /// See `PushDevice.address`.
    public var address: String
    public var p256dh: String?
    public var auth: String?

    public init(deviceId: String, platform: PushPlatform, address: String, p256dh: String? = nil, auth: String? = nil) {
        self.deviceId = deviceId
        self.platform = platform
        self.address = address
        self.p256dh = p256dh
        self.auth = auth
    }
}

/// One message to one device, as the delivery queue hands it out.
public struct PushJob: Sendable, Hashable {
    public var message: PushMessage
    public var target: PushTarget
    /// Tries so far, this one included.
    public var attempts: Int

    public init(message: PushMessage, target: PushTarget, attempts: Int) {
        self.message = message
        self.target = target
        self.attempts = attempts
    }

    public var key: PushJobKey { PushJobKey(org: message.org, messageId: message.id, deviceId: target.deviceId) }
}

public struct PushJobKey: Sendable, Hashable {
    public var org: String
    public var messageId: String
    public var deviceId: String

    public init(org: String, messageId: String, deviceId: String) {
        self.org = org
        self.messageId = messageId
        self.deviceId = deviceId
    }
}

/// What became of one try.
public enum PushJobOutcome: Sendable, Hashable {
    case delivered
    /// Given up on: refused for good, or stale.
    case failed(String)
    /// The push service says the device is gone: the device is removed and never tried again.
    case gone
    /// Try again at this time (429, 5xx, no connection); past the message's expiry it fails.
    case retry(at: Date, reason: String)
}

/// Where one message stands: the counts its report shows.
public struct PushReport: Sendable, Hashable {
    public var org: String
    public var messageId: String
    /// Devices it was for, when it was sent out; 0 before.
    public var devices: Int
    public var delivered: Int
    public var failed: Int
    public var removed: Int
    /// Still to try.
    public var pending: Int
    /// When it was sent out to its devices; nil while it waits for its time.
    public var sentAt: Date?

    public init(org: String, messageId: String, devices: Int = 0, delivered: Int = 0, failed: Int = 0, removed: Int = 0,
                pending: Int = 0, sentAt: Date? = nil) {
        self.org = org
        self.messageId = messageId
        self.devices = devices
        self.delivered = delivered
        self.failed = failed
        self.removed = removed
        self.pending = pending
        self.sentAt = sentAt
    }

    public var isFinished: Bool { sentAt != nil && pending == 0 }
}

/// The delivery queue, in the database, so several store processes share it: a message is sent
/// out once, a job is handed to one process at a time (PostgreSQL's `FOR UPDATE SKIP LOCKED`,
/// SQLite's single writer), and a process killed mid-delivery leaves its jobs to whoever takes
/// them once their lease runs out. Every method is one transaction.
public protocol PushQueueRepository: Sendable {
    /// Queues the message unless one with its id is queued already; false then.
    @discardableResult
    func enqueuePushMessage(_ message: PushMessage, now: Date) async throws -> Bool
    /// Messages whose time has come are sent out: one job per device of a member they are for
    /// (`PushAudience`), at most `limit` messages. Their reports, with the device counts. `org`:
    /// only that organization's (nil: every one's), as for the other methods that take it.
    func fanOutDuePushMessages(now: Date, limit: Int, org: String?) async throws -> [PushReport]
    /// Queues the reminders of events with one (`EventReminders`) that come within the horizon
    /// by `now` and are not queued yet; returns how many it queued. Run now and then by every
    /// process: two at once queue each reminder once.
    @discardableResult
    func queueEventReminders(now: Date, org: String?) async throws -> Int
    /// Up to `limit` jobs due at `now` that no process holds, each held for `lease` by the caller.
    /// With `ratePerMinute` above 0, no organization has more jobs taken than that in the minute
    /// `now` is in, by all processes together (`PushRateLimit`): the others wait for the next.
    func claimPushJobs(now: Date, lease: Duration, limit: Int, org: String?, ratePerMinute: Int) async throws -> [PushJob]
    /// Records what became of the jobs; a gone device is removed with its other pending jobs.
    func finishPushJobs(_ outcomes: [(PushJobKey, PushJobOutcome)], now: Date) async throws
    /// The message's counts; nil when no such message is queued.
    func pushReport(org: String, messageId: String) async throws -> PushReport?
    /// Reports to write to their records: messages sent out and not done, none taken within
    /// `interval` (by any process) unless all its jobs have finished; at most `limit`.
    func pushReportsToWrite(now: Date, interval: Duration, limit: Int, org: String?) async throws -> [PushReport]
    /// The finished message's report is written: it is not taken again.
    func markPushMessageDone(org: String, messageId: String) async throws
    /// Forgets messages done and sent before `sentBefore`, with their jobs (their reports stay
    /// in the records); returns how many messages. `org`: only that organization's.
    @discardableResult
    func purgeDonePushMessages(sentBefore: Date, org: String?) async throws -> Int
}

extension PushQueueRepository {
    /// Jobs taken without a rate limit.
    public func claimPushJobs(now: Date, lease: Duration, limit: Int, org: String?) async throws -> [PushJob] {
        try await claimPushJobs(now: now, lease: lease, limit: limit, org: org, ratePerMinute: 0)
    }
}

/// Per-organization rate limits on deliveries: each organization's jobs taken in a minute (the
/// window is the minute since 1970 that `now` falls in) are counted in the database
/// (`push_rate_windows`), so the limit holds across store processes. Jobs over it are not
/// taken, and so not failed: they wait for the next window.
enum PushRateLimit {
    static let window: Int64 = 60_000

    /// The start of the window `at` (ms since 1970) is in.
    static func windowStart(_ at: Int64) -> Int64 { at - ((at % window) + window) % window }

    /// Windows older than this before the current one are forgotten.
    static let kept: Int64 = 60 * window
}

extension PushReport {
    /// Adds the jobs a backend counted in one state.
    mutating func count(state: String, _ jobs: Int) {
        switch state {
        case "delivered": delivered += jobs
        case "failed": failed += jobs
        case "gone": removed += jobs
        default: pending += jobs
        }
    }
}

extension Duration {
    /// Whole milliseconds, for the queue's times (ms since 1970).
    var wholeMilliseconds: Int64 {
        components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
    }
}

extension PushMessage {
    /// The audience as the queue keeps it: the tags joined by commas (a tag never holds one);
    /// nil for every member.
    var audienceColumn: String? { audience.isEmpty ? nil : audience.joined(separator: ",") }

    static func audience(fromColumn text: String?) -> [String] {
        text?.split(separator: ",").map(String.init) ?? []
    }

    /// The campus and ministry as the queue keeps them: each an id, or NULL for every one.
    var campusColumn: String? { tags.campus.isEmpty ? nil : tags.campus }
    var ministryColumn: String? { tags.ministry.isEmpty ? nil : tags.ministry }
}
