import Foundation
import Logging
import ServiceLifecycle
import StewardCore

/// Sends what the queue holds, in every store process: messages whose time has come go out to
/// their devices, each job goes to its platform's push service, and announcements' reports are
/// written back to their records as the counts change. Processes share the work through the
/// database (`PushQueueRepository`), so none sends a message twice and a killed one's jobs are
/// taken up again once their lease runs out.
public struct PushDeliveryService: Service {
    public struct Tuning: Sendable {
        /// Jobs taken at a time: as many as are sent at once, so what one process holds it is
        /// sending, and other processes take the rest.
        public var batchSize = 64
        /// Jobs in flight at once, per process.
        public var concurrency = 64
        /// How long a taken job is this process's: longer than any one try can take.
        public var lease: Duration = .seconds(120)
        /// Pause between rounds that found nothing to do.
        public var idlePause: Duration = .milliseconds(250)
        /// How often a report being sent is written back, at most.
        public var reportInterval: Duration = .seconds(2)
        /// Jobs taken per organization and minute, by all processes together (`PushRateLimit`);
        /// 0: no limit. `steward-store serve` sets its `--push-rate-limit`.
        public var rateLimit = 0

        public init() {}
    }

    let repository: any StoreRepository
    let senders: PushSenders
    let tuning: Tuning
    /// Only this organization's messages (tests that share a database); nil: every one's.
    let org: String?
    let logger: Logger
    /// When this process last topped up events' reminders.
    private let reminderTopUp = ReminderTopUp()

    public init(repository: any StoreRepository, senders: PushSenders, tuning: Tuning = Tuning(), org: String? = nil,
                logger: Logger) {
        self.repository = repository
        self.senders = senders
        self.tuning = tuning
        self.org = org
        self.logger = logger
    }

    public func run() async throws {
        // Shutdown cancels the pause or the round: that is the normal way out. The first round
        // waits one pause, as the schema may not be migrated yet when services start.
        await cancelWhenGracefulShutdown {
            var worked = false
            while !Task.isCancelled {
                if !worked {
                    do { try await Task.sleep(for: tuning.idlePause) } catch { return }
                }
                do {
                    worked = try await runRound(now: Date())
                } catch {
                    // The database may be away for a moment: the queue is still there afterwards.
                    if !Task.isCancelled { logger.warning("push delivery round failed", metadata: ["error": "\(error)"]) }
                    worked = false
                }
            }
        }
    }

    /// One round: send out due messages, deliver a batch of jobs, write reports. True when it
    /// found anything to do.
    @discardableResult
    public func runRound(now: Date) async throws -> Bool {
        if reminderTopUp.isDue(now: now) {
            let queued = try await repository.queueEventReminders(now: now, org: org)
            reminderTopUp.done(at: now)
            if queued > 0 { logger.info("event reminders queued", metadata: ["count": "\(queued)"]) }
        }
        let sentOut = try await repository.fanOutDuePushMessages(now: now, limit: 16, org: org)
        for report in sentOut {
            logger.info("push message sent out", metadata: ["org": "\(report.org)", "message": "\(report.messageId)",
                                                            "devices": "\(report.devices)"])
        }
        let jobs = try await repository.claimPushJobs(now: now, lease: tuning.lease, limit: tuning.batchSize, org: org,
                                                       ratePerMinute: tuning.rateLimit)
        if !jobs.isEmpty {
            logger.debug("push deliveries taken", metadata: ["count": "\(jobs.count)"])
            let outcomes = await deliver(jobs)
            try await repository.finishPushJobs(outcomes, now: Date())
        }
        let reports = try await writeReports(now: Date())
        return !sentOut.isEmpty || !jobs.isEmpty || reports > 0
    }

    private func deliver(_ jobs: [PushJob]) async -> [(PushJobKey, PushJobOutcome)] {
        await withTaskGroup(of: (PushJobKey, PushJobOutcome).self) { group in
            var outcomes: [(PushJobKey, PushJobOutcome)] = []
            outcomes.reserveCapacity(jobs.count)
            var next = jobs.makeIterator()
            func start(_ job: PushJob) {
                group.addTask { (job.key, await self.deliver(job)) }
            }
            for _ in 0..<tuning.concurrency {
                guard let job = next.next() else { break }
                start(job)
            }
            while let outcome = await group.next() {
                outcomes.append(outcome)
                if let job = next.next() { start(job) }
            }
            return outcomes
        }
    }

    /// One job: sent unless stale or its platform has no sender; a retry past the message's
    /// expiry is a failure, since the push services would drop it anyway.
    func deliver(_ job: PushJob) async -> PushJobOutcome {
        let now = Date()
        if now >= job.message.expiresAt { return .failed("expired before it could be sent") }
        guard let sender = senders.sender(for: job.target.platform) else {
            return .failed(PushSenders.missing(job.target.platform))
        }
        let outcome = await sender.send(job, now: now)
        switch outcome {
        case .retry(let at, let reason) where at >= job.message.expiresAt:
            return .failed("\(reason); the message expired before another try")
        case .failed(let reason), .retry(_, let reason):
            logger.notice("push not delivered", metadata: ["platform": "\(job.target.platform.rawValue)",
                                                           "device": "\(job.target.deviceId)", "reason": "\(reason)"])
        case .gone:
            logger.info("push device gone, removed", metadata: ["device": "\(job.target.deviceId)"])
        case .delivered:
            break
        }
        return outcome
    }

    /// Writes the reports whose counts changed to their announcements' report records; returns
    /// how many it wrote.
    private func writeReports(now: Date) async throws -> Int {
        let reports = try await repository.pushReportsToWrite(now: now, interval: tuning.reportInterval, limit: 32, org: org)
        for report in reports {
            if let announcement = AnnouncementMessages.announcementId(messageId: report.messageId) {
                try await AnnouncementReports.write(report, announcementId: announcement, repository: repository, now: now)
            }
            if report.isFinished {
                try await repository.markPushMessageDone(org: report.org, messageId: report.messageId)
                logger.info("push message done", metadata: ["org": "\(report.org)", "message": "\(report.messageId)",
                                                            "delivered": "\(report.delivered)", "failed": "\(report.failed)",
                                                            "removed": "\(report.removed)"])
            }
        }
        return reports.count
    }
}

/// Once every `EventReminders.topUpInterval` per process, the queue takes the reminders that
/// came within the horizon since (a series' next occurrences): cheap, and harmless when
/// several processes do it at once.
final class ReminderTopUp: @unchecked Sendable {
    private let lock = NSLock()
    private var last: Date?

    /// Whether it is time: never done yet, the interval passed, or the clock went back.
    func isDue(now: Date) -> Bool {
        lock.withLock {
            guard let last else { return true }
            return now.timeIntervalSince(last) >= EventReminders.topUpInterval || now < last
        }
    }

    func done(at now: Date) { lock.withLock { last = now } }
}
