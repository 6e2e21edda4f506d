import Foundation
import GRDB

/// Keeps the console's current organization in sync in the background: a while after edits
/// (`changesMade`, debounced), on a timer, on demand (`syncNow`), and, while the store cannot be
/// reached, again after growing pauses until it answers. One per console; never two syncs at
/// once. Its `SyncState` goes to observers, on a background queue and in order.
///
/// Every method returns at once: the syncs and database reads run on background tasks, never
/// on the caller's thread.
public final class BackgroundSync: @unchecked Sendable {
    public let engine: SyncEngine
    private let delivery = DispatchQueue(label: "steward.sync-state")

    // Everything below is guarded by `lock`.
    private let lock = NSLock()
    private var currentCadence: SyncCadence
    private var organization: Organization?
    private var started = false
    private var state = SyncState(phase: .signedOut)
    private var observers: [Int: @Sendable (SyncState) -> Void] = [:]
    private var nextObserverId = 0
    /// The sync in progress, if any.
    private var running: Task<Void, Never>?
    private var timer: Task<Void, Never>?
    /// Bumped by `setOrganization` and `stop`: results of work started before are dropped.
    private var generation = 0
    private var syncRequested = false
    private var debounceDue: Date?
    private var periodicDue: Date?
    private var retryDue: Date?
    private var retryAttempt = 0

    public init(engine: SyncEngine, cadence: SyncCadence = .fromEnvironment()) {
        self.engine = engine
        currentCadence = cadence
    }

    /// A background sync with its own engine, whose requests give up quickly so that an unreachable
    /// store shows as offline within seconds (the background sync does the retrying).
    /// `media`: the library whose waiting files each sync uploads.
    public convenience init(database: AppDatabase, credentials: (any CredentialStore)?,
                            cadence: SyncCadence = .fromEnvironment(), media: (any MediaSyncQueue)? = nil) {
        self.init(engine: SyncEngine(database: database, options: .forBackground(), credentials: credentials, media: media),
                  cadence: cadence)
    }

    deinit {
        timer?.cancel()
        running?.cancel()
    }

    /// When syncs run; `setCadence` changes it.
    public var cadence: SyncCadence {
        lock.withLock { currentCadence }
    }

    /// Follows a new timing from now on (Preferences): the next timed sync is counted from now,
    /// and edits waiting for a sync wait for the timer or Sync Now when edits no longer start one.
    public func setCadence(_ cadence: SyncCadence) {
        lock.withLock {
            guard cadence != currentCadence else { return }
            currentCadence = cadence
            if !cadence.syncsAfterEdits { debounceDue = nil }
            periodicDue = cadence.isPeriodic ? Date().addingTimeInterval(cadence.interval) : nil
            rearmTimersLocked()
        }
    }

    /// The state observers were last given.
    public var currentState: SyncState {
        lock.withLock { state }
    }

    /// Calls `handler` with the current state, then with every new one, on a background queue,
    /// until the returned observation is cancelled or released.
    public func observe(_ handler: @escaping @Sendable (SyncState) -> Void) -> SyncObservation {
        let id: Int = lock.withLock {
            nextObserverId += 1
            observers[nextObserverId] = handler
            let current = state
            delivery.async { handler(current) }
            return nextObserverId
        }
        return SyncObservation { [weak self] in
            self?.lock.withLock { _ = self?.observers.removeValue(forKey: id) }
        }
    }

    /// Starts syncing the current organization: once now, then as its cadence says.
    public func start() {
        lock.withLock {
            guard !started else { return }
            started = true
            syncRequested = true
            rearmTimersLocked()
        }
    }

    /// Stops the timers and cancels a sync in progress (what it settled stays settled).
    public func stop() {
        lock.withLock {
            started = false
            generation += 1
            timer?.cancel()
            timer = nil
            running?.cancel()
        }
    }

    /// Syncs `org` from now on (nil: none). Its state is read at once; a sync follows soon.
    public func setOrganization(_ org: Organization?) {
        let generation: Int? = lock.withLock {
            let changed = org?.id != organization?.id
            // The newest copy, even of the same organization (its name or zone may have changed).
            organization = org
            guard changed else { return nil }
            self.generation += 1
            timer?.cancel()
            timer = nil
            retryAttempt = 0
            retryDue = nil
            debounceDue = nil
            periodicDue = nil
            syncRequested = org != nil
            state = SyncState(phase: org == nil ? .signedOut : .idle)
            let current = state
            for handler in observers.values { delivery.async { handler(current) } }
            rearmTimersLocked()
            return self.generation
        }
        guard let generation else { return }
        refreshCounts(generation: generation, keepPhase: false)
    }

    /// Local edits were made: the counts are read again now, and a sync follows once the edits
    /// have paused for the debounce time.
    public func changesMade() {
        let generation: Int = lock.withLock {
            if started && currentCadence.syncsAfterEdits {
                debounceDue = Date().addingTimeInterval(currentCadence.debounce)
                rearmTimersLocked()
            }
            return self.generation
        }
        refreshCounts(generation: generation, keepPhase: true)
    }

    /// Syncs now, or right after the sync in progress.
    public func syncNow() {
        lock.withLock {
            syncRequested = true
            retryDue = nil
            rearmTimersLocked()
        }
    }

    // MARK: Timing

    /// Starts the sync that is due, or sets the timer for the next one. Nothing starts while a
    /// sync runs: its end calls this again.
    private func rearmTimersLocked() {
        timer?.cancel()
        timer = nil
        guard started, let org = organization, running == nil else { return }
        let now = Date()
        let due = syncRequested ? now : [debounceDue, periodicDue, retryDue].compactMap { $0 }.min()
        guard let due else { return }
        if due <= now {
            startSyncLocked(org)
            return
        }
        let wait = due.timeIntervalSince(now)
        let generation = self.generation
        timer = Task.detached { [weak self] in
            try? await Task.sleep(nanoseconds: UInt64(wait * 1_000_000_000))
            guard !Task.isCancelled, let self else { return }
            self.lock.withLock {
                guard self.generation == generation else { return }
                self.timer = nil
                self.rearmTimersLocked()
            }
        }
    }

    private func startSyncLocked(_ org: Organization) {
        syncRequested = false
        debounceDue = nil
        retryDue = nil
        periodicDue = nil
        let generation = self.generation
        running = Task.detached { [self] in
            await self.perform(org, generation: generation)
        }
    }

    // MARK: Syncing

    private func perform(_ org: Organization, generation: Int) async {
        publish(generation: generation) { $0.phase = .syncing(progress: nil) }
        let reporter = ProgressThrottle()
        var phase = SyncState.Phase.idle
        var retryAt: Date?
        do {
            try await engine.sync(org: org) { [weak self] progress in
                guard let self, reporter.shouldReport(progress) else { return }
                self.publish(generation: generation) { $0.phase = .syncing(progress: progress.fraction) }
            }
            lock.withLock { if self.generation == generation { retryAttempt = 0 } }
        } catch SyncError.storeUnreachable {
            let attempt = lock.withLock { () -> Int in
                if self.generation == generation { retryAttempt += 1 }
                return retryAttempt
            }
            let next = Date().addingTimeInterval(self.cadence.retryDelay(attempt: max(1, attempt)))
            retryAt = next
            phase = .offline(nextRetry: next)
        } catch SyncError.signedOut, SyncError.notConnected {
            phase = .signedOut
        } catch SyncError.busy {
            // Another process (stewardctl, say) is syncing this organization: try again shortly,
            // without alarming anyone.
            retryAt = Date().addingTimeInterval(self.cadence.firstRetryDelay)
        } catch is CancellationError {
            phase = .idle
        } catch let error as SyncError {
            phase = .failed(message: error.description)
        } catch {
            phase = .failed(message: "\(error)")
        }
        let counts = try? await Self.counts(org: org, database: engine.database)
        publish(generation: generation) { state in
            state.phase = phase
            if let counts { state.apply(counts) }
            if case .signedOut = phase {} else if counts?.signedOut == true { state.phase = .signedOut }
        }
        lock.withLock {
            running = nil
            if self.generation == generation {
                periodicDue = currentCadence.isPeriodic ? Date().addingTimeInterval(currentCadence.interval) : nil
                retryDue = retryAt
            }
            rearmTimersLocked()
        }
    }

    /// Reads the counts again and publishes them; with `keepPhase` false the phase is set from
    /// the organization's remote (signed out, or idle).
    private func refreshCounts(generation: Int, keepPhase: Bool) {
        guard let org = lock.withLock({ organization }) else {
            publish(generation: generation) { $0 = SyncState(phase: .signedOut) }
            return
        }
        let database = engine.database
        Task.detached { [weak self] in
            guard let counts = try? await Self.counts(org: org, database: database) else { return }
            self?.publish(generation: generation) { state in
                state.apply(counts)
                if counts.signedOut {
                    state.phase = .signedOut
                } else if !keepPhase {
                    state.phase = .idle
                }
            }
        }
    }

    private func publish(generation: Int, _ change: (inout SyncState) -> Void) {
        lock.withLock {
            guard self.generation == generation else { return }
            var next = state
            change(&next)
            guard next != state else { return }
            state = next
            let published = next
            for handler in observers.values {
                delivery.async { handler(published) }
            }
        }
    }

    // MARK: Counts

    struct Counts: Sendable {
        var pending: Int
        var conflicts: Int
        var rejected: Int
        var lastSuccess: Date?
        /// No remote, or a staff remote whose session is over.
        var signedOut: Bool
    }

    static func counts(org: Organization, database: AppDatabase) async throws -> Counts {
        try await database.writer.read { db in
            let id = UUIDColumn.encode(org.id)
            func count(_ sql: String) throws -> Int { try Int.fetchOne(db, sql: sql, arguments: [id]) ?? 0 }
            let remote = try Remote.fetch(orgId: org.id, db)
            return Counts(
                pending: try count("SELECT COUNT(*) FROM outbox WHERE orgId = ?"),
                conflicts: try count("SELECT COUNT(*) FROM syncConflict WHERE orgId = ?"),
                rejected: try count("SELECT COUNT(*) FROM deadLetter WHERE orgId = ?"),
                lastSuccess: remote?.lastSyncAt,
                signedOut: remote.map { $0.usesStaffSignIn && !$0.signedIn } ?? true)
        }
    }
}

extension SyncState {
    mutating func apply(_ counts: BackgroundSync.Counts) {
        pending = counts.pending
        conflicts = counts.conflicts
        rejected = counts.rejected
        lastSuccess = counts.lastSuccess
    }
}

/// Lets through a progress report when the stage changes or the bar moves by a percent or more,
/// so observers are not called for every page of a long pull.
private final class ProgressThrottle: @unchecked Sendable {
    private let lock = NSLock()
    private var last: SyncProgress?

    func shouldReport(_ progress: SyncProgress) -> Bool {
        lock.withLock {
            defer { last = progress }
            guard let last, last.stage == progress.stage else { return true }
            guard let before = last.fraction, let now = progress.fraction else { return false }
            return now - before >= 0.01 || now >= 1
        }
    }
}
