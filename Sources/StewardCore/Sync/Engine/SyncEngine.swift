import Foundation
import GRDB
import Translation

/// Sends an organization's outbox to its remote store and applies what changed there.
///
/// Every change of state is committed together with what justifies it: mutation ids with the
/// entries they are given to (before anything is sent), the store's results with the deletion
/// of the entries they settle, each pull page with the cursor after it. So a crash or a lost
/// answer at any point loses no edit and applies none twice: a resend carries the same ids and
/// the store answers `duplicate` with the results it gave the first time.
public final class SyncEngine: Sendable {
    public let database: AppDatabase
    public let options: SyncOptions
    private let credentials: (any CredentialStore)?
    private let makeTransport: @Sendable (Remote) -> any SyncTransport
    /// The files added here that wait for the store (the media library); nil: none are sent.
    let mediaQueue: (any MediaSyncQueue)?

    /// `transport` makes the transport for an organization's remote; by default, HTTP over
    /// one shared `HTTPClient` (one connection cache for every store), with the remote's API
    /// token or the signed-in staff member's tokens from `credentials` (without a credential
    /// store, a staff remote syncs as signed out).
    public init(database: AppDatabase, options: SyncOptions = SyncOptions(),
                credentials: (any CredentialStore)? = nil,
                transport: (@Sendable (Remote) -> any SyncTransport)? = nil,
                media: (any MediaSyncQueue)? = nil) {
        self.database = database
        self.options = options
        self.credentials = credentials
        self.mediaQueue = media
        if let transport {
            makeTransport = transport
        } else {
            let client = HTTPClient(options: options.http)
            let sessions = HTTPSessionTransport(client: client)
            makeTransport = { remote in
                // A new provider for each sync: it reads the tokens afresh, as another process
                // (the window, stewardctl) may have renewed them since.
                HTTPSyncTransport(remote: remote, client: client,
                                  tokens: SessionService.tokenProvider(for: remote, credentials: credentials,
                                                                       transport: sessions, database: database))
            }
        }
    }

    /// Push, then pull, for one organization. Throws `SyncError`; whatever was settled before
    /// the error stays settled, and the rest waits for the next sync.
    /// `progress` is called (on a background thread) after each push batch and pull page.
    @discardableResult
    public func sync(org: Organization, progress: (@Sendable (SyncProgress) -> Void)? = nil) async throws -> SyncReport {
        try await locked(org) { _, transport in
            var report = SyncReport()
            var pushRefusal: SyncError?
            func push() async throws {
                do {
                    try await self.sendMedia(org: org, transport: transport, report: &report, progress: progress)
                    try await self.pushAll(org: org, transport: transport, report: &report, progress: progress)
                } catch let error as SyncError {
                    // 403: this role may not change records (a viewer with edits made offline).
                    // Its edits stay in the outbox, but what others changed must still come in:
                    // pull first, then report the refusal.
                    guard case .forbidden = error else { throw error }
                    pushRefusal = error
                }
            }
            // Versions are only meaningful to the store that gave them out: a store this
            // console has not heard say who it is is read first (RecordsNotOnStore).
            if try await self.mustLearnStoreFirst(org) {
                try await self.pullAll(org: org, transport: transport, report: &report, progress: progress)
            }
            do {
                try await push()
            } catch is StoreChanged {
                // Another store than the one the versions came from: learn what it has (what it
                // lacks is made unsent), then send to it.
                try await self.pullAll(org: org, transport: transport, report: &report, progress: progress)
                try await self.secondPush(url: transport.storeURL) { try await push() }
            }
            let resentBefore = report.resent
            try await self.pullAll(org: org, transport: transport, report: &report, progress: progress)
            if report.resent > resentBefore { try await self.secondPush(url: transport.storeURL) { try await push() } }
            try await self.database.writer.write { db in
                try db.execute(sql: "UPDATE remote SET lastSyncAt = ? WHERE orgId = ?",
                               arguments: [Date.storedNow, UUIDColumn.encode(org.id)])
            }
            if let pushRefusal { throw pushRefusal }
            return report
        }
    }

    /// The push's answer `store-changed`: the store is not the one the outbox's versions came from.
    struct StoreChanged: Error {}

    /// A push after the store was read anew: a second `store-changed` is the store's fault.
    private func secondPush(url: String, _ push: () async throws -> Void) async throws {
        do {
            try await push()
        } catch is StoreChanged {
            throw SyncError.refused(url: url, status: 409,
                                    message: tr("the store says it is another store even after a full read"))
        }
    }

    /// Whether records here carry store versions while the store they came from is unknown
    /// (a console that synced before stores said who they are, or a demo made with versions).
    private func mustLearnStoreFirst(_ org: Organization) async throws -> Bool {
        try await database.writer.read { db in
            let orgKey = UUIDColumn.encode(org.id)
            guard let remote = try Remote.fetch(orgId: org.id, db), remote.storeId == nil else { return false }
            return try Self.hasVersionedRecords(orgKey, db)
        }
    }

    private static func hasVersionedRecords(_ orgKey: String, _ db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: """
            SELECT EXISTS (SELECT 1 FROM event WHERE orgId = ? AND version > 0)
                OR EXISTS (SELECT 1 FROM record WHERE orgId = ? AND version > 0)
            """, arguments: [orgKey, orgKey]) == true
    }

    /// Only the push half: until the outbox is empty (but for records held by a conflict).
    @discardableResult
    public func push(org: Organization) async throws -> SyncReport {
        try await locked(org) { _, transport in
            var report = SyncReport()
            try await self.sendMedia(org: org, transport: transport, report: &report, progress: nil)
            try await self.secondPush(url: transport.storeURL) { try await self.pushAll(org: org, transport: transport, report: &report) }
            return report
        }
    }

    /// Only the pull half: every page after the stored cursor.
    @discardableResult
    public func pull(org: Organization) async throws -> SyncReport {
        try await locked(org) { _, transport in
            var report = SyncReport()
            try await self.pullAll(org: org, transport: transport, report: &report)
            return report
        }
    }

    /// Runs `body` holding the organization's sync lock, with its remote and a transport to it.
    func locked<T>(_ org: Organization, _ body: (Remote, any SyncTransport) async throws -> T) async throws -> T {
        guard try await database.writer.read({ db in try Remote.fetch(orgId: org.id, db) }) != nil else {
            throw SyncError.notConnected(slug: org.slug)
        }
        // API tokens an older console kept in the database go to the credential store first.
        if let credentials { await RemoteTokenMove.run(database: database, credentials: credentials) }
        let lock = try await SyncLock.acquire(database: database, org: org)
        defer { lock.release() }
        // Read again under the lock: the connection may have changed while waiting.
        guard let remote = try await database.writer.read({ db in try Remote.fetch(orgId: org.id, db) }) else {
            throw SyncError.notConnected(slug: org.slug)
        }
        if remote.usesStaffSignIn && !remote.signedIn { throw SyncError.signedOut(slug: org.slug) }
        return try await body(remote, makeTransport(remote))
    }

    // MARK: Push

    /// Sends the outbox batch after batch. While the store works on one batch, the console
    /// applies the answer to the one before and reads the next, so neither side waits for the
    /// other's bookkeeping; the batches still go one at a time and in order (the store takes
    /// each client's mutation ids only in sequence).
    private func pushAll(org: Organization, transport: any SyncTransport,
                         report: inout SyncReport, progress: (@Sendable (SyncProgress) -> Void)? = nil) async throws {
        // Read afresh: a pull before this push may have learned the store or taken a client id.
        guard let remote = try await database.writer.read({ db in try Remote.fetch(orgId: org.id, db) }) else {
            throw SyncError.notConnected(slug: org.slug)
        }
        var sendLimit = options.pushBatchSize
        var gapRecoveries = 0
        var clientId = remote.clientId
        var clientIdTaken = false
        var coalescedThrough: Int64 = 0
        // Waiting changes that could not be read, set aside as rejected changes unsent.
        var setAside = 0
        defer { report.rejected += setAside }
        var next = try await preparePush(org: org, clientId: clientId, storeId: remote.storeId, after: nil, limit: sendLimit,
                                         coalescedThrough: &coalescedThrough, setAside: &setAside)
        // Counted once, after the first coalescing: what this sync has to send.
        let toSend = try await database.writer.read { db in try PushQueue.sendableCount(orgId: org.id, db) }
        if toSend > 0 { progress?(SyncProgress(stage: .sending, toSend: toSend)) }
        // A batch the store has answered, its results not applied yet.
        var answered: (batch: [PushQueue.InFlight], response: PushResponse)?

        while true {
            guard let last = next.batch.last else {
                guard let (batch, _) = answered else { return }
                // The records that batch held back may have changes waiting.
                next = try await preparePush(org: org, clientId: clientId, storeId: remote.storeId, after: nil, limit: sendLimit,
                                             coalescedThrough: &coalescedThrough, setAside: &setAside, settling: answered)
                answered = nil
                try count(next.settled, of: batch, url: transport.storeURL, toSend: toSend, report: &report,
                          progress: progress)
                continue
            }
            let current = next
            async let answer = sendPush(current.request, transport)
            // One transaction settles the batch before and prepares the one after.
            let following = try await preparePush(org: org, clientId: clientId, storeId: remote.storeId, after: last.mutationId,
                                                  limit: sendLimit, coalescedThrough: &coalescedThrough, setAside: &setAside,
                                                  settling: answered)
            if let (batch, _) = answered {
                answered = nil
                try count(following.settled, of: batch, url: transport.storeURL, toSend: toSend, report: &report,
                          progress: progress)
            }
            do {
                answered = (current.batch, try await answer.get())
                next = following
            } catch SyncTransportError.status(409, let body) where body?.error == ErrorResponse.Code.mutationGap {
                // The store has fewer of this client's mutations than the first one sent
                // assumes (a store restored from a backup, a new store at the same address).
                // It has applied none of ours past its last id, so ours are renumbered to follow it.
                gapRecoveries += 1
                guard gapRecoveries <= 3, let lastApplied = body?.lastMutationId, lastApplied >= 0 else {
                    throw SyncError.invalidAnswer(url: transport.storeURL,
                                                  message: tr("mutation-gap without a usable lastMutationId"))
                }
                // Renumbering adds to it: room for everything in flight (two batches), or the
                // arithmetic would overflow on a hostile answer.
                guard lastApplied <= WireNumbers.maxCounter - 2 * Int64(options.pushBatchSize) else {
                    throw SyncError.invalidAnswer(url: transport.storeURL,
                                                  message: tr("mutation-gap with lastMutationId {id}, past any id a console gives out (at most {maximum})",
                                                              ["id": String(lastApplied), "maximum": String(WireNumbers.maxCounter)]))
                }
                try await database.writer.write { db in
                    _ = try PushQueue.renumber(orgId: org.id, after: lastApplied, db)
                }
                next = try await preparePush(org: org, clientId: clientId, storeId: remote.storeId, after: nil, limit: sendLimit,
                                             coalescedThrough: &coalescedThrough, setAside: &setAside)
                continue
            } catch SyncTransportError.status(409, let body) where body?.error == ErrorResponse.Code.clientIdInUse && !clientIdTaken {
                // Another credential pushed under this client id first: another staff member
                // signed in on this console, or a copy of this database on another computer.
                // This console takes a client id of its own and sends what waits from mutation
                // 1; a change the store may already have applied under the old id comes back as
                // a conflict with the same content, which settles it.
                clientIdTaken = true
                clientId = try await database.writer.write { db in try PushQueue.takeNewClientId(orgId: org.id, db) }
                next = try await preparePush(org: org, clientId: clientId, storeId: remote.storeId, after: nil, limit: sendLimit,
                                             coalescedThrough: &coalescedThrough, setAside: &setAside)
                continue
            } catch SyncTransportError.status(409, let body) where body?.error == ErrorResponse.Code.storeChanged {
                throw StoreChanged()
            } catch SyncTransportError.status(413, _) where current.batch.count > 1 {
                sendLimit = max(1, current.batch.count / 2)
                next = try await preparePush(org: org, clientId: clientId, storeId: remote.storeId, after: nil, limit: sendLimit,
                                             coalescedThrough: &coalescedThrough, setAside: &setAside)
                continue
            } catch let error as SyncTransportError {
                throw Self.syncError(for: error, url: transport.storeURL, slug: org.slug)
            }
            try failpoint(.afterSend)
        }
    }

    /// A batch given mutation ids and read from the outbox, with the request that sends it.
    private struct PreparedPush: Sendable {
        var batch: [PushQueue.InFlight]
        var request: PushRequest
        /// What applying the answer to the batch before settled, when there was one.
        var settled: PushQueue.Outcome?
    }

    /// In one transaction: applies the store's answer to the batch before (`settling`), gives
    /// ids to waiting entries, and reads the batch that follows `lastSent` (nil: the first one in
    /// flight), up to `limit` entries.
    private func preparePush(org: Organization, clientId: String, storeId: String?, after lastSent: Int64?, limit: Int,
                             coalescedThrough: inout Int64, setAside: inout Int,
                             settling: (batch: [PushQueue.InFlight], response: PushResponse)? = nil) async throws -> PreparedPush {
        // Room for two batches in flight: the one on its way to the store and the next.
        let room = 2 * options.pushBatchSize
        let (batch, coalesced, setAsideNow, settled) = try await database.writer.write { [coalescedThrough] db in
            let settled = try settling.map { try PushQueue.apply($0.response, to: $0.batch, org: org, db) }
            var coalesced = coalescedThrough
            var setAside = 0
            try PushQueue.assign(orgId: org.id, limit: room, coalescedThrough: &coalesced, setAside: &setAside, db)
            return (try PushQueue.inFlight(orgId: org.id, after: lastSent, limit: limit, db), coalesced, setAside, settled)
        }
        coalescedThrough = coalesced
        setAside += setAsideNow
        let request = PushRequest(clientId: clientId, mutations: batch.map { $0.mutation() }, storeId: storeId)
        if !batch.isEmpty { try failpoint(.afterAssign) }
        return PreparedPush(batch: batch, request: request, settled: settled)
    }

    /// One push request, retried as `withRetry` does; its failure is kept for the caller to read.
    private func sendPush(_ request: PushRequest, _ transport: any SyncTransport) async -> Result<PushResponse, any Error> {
        do {
            return .success(try await withRetry(transport) { () async throws(SyncTransportError) -> PushResponse in
                try await transport.push(request)
            })
        } catch {
            return .failure(error)
        }
    }

    /// Counts what applying the store's answer to `batch` settled.
    private func count(_ outcome: PushQueue.Outcome?, of batch: [PushQueue.InFlight], url: String, toSend: Int,
                       report: inout SyncReport, progress: (@Sendable (SyncProgress) -> Void)?) throws {
        guard let outcome else { return }
        report.pushed += outcome.pushed
        report.conflicts += outcome.conflicts
        report.rejected += outcome.rejected
        progress?(SyncProgress(stage: .sending, sent: report.pushed + report.conflicts + report.rejected, toSend: toSend))
        guard outcome.settled > 0 else {
            throw SyncError.invalidAnswer(url: url, message: trn("no usable result for any of the {count} mutations sent",
                                                                 "no usable result for any of the {count} mutations sent",
                                                                 batch.count))
        }
    }

    // MARK: Pull

    private func pullAll(org: Organization, transport: any SyncTransport, report: inout SyncReport,
                         progress: (@Sendable (SyncProgress) -> Void)? = nil) async throws {
        var pages = 0
        guard let start = try await database.writer.read({ db in try Remote.fetch(orgId: org.id, db) }) else {
            throw SyncError.notConnected(slug: org.slug)
        }
        var cursor = start.cursor
        var resyncing = start.resyncing
        if resyncing { report.resynced = true }
        if cursor.isEmpty && !resyncing {
            // Reading from the start with synced records at hand (a cursor reset to get a
            // record back) is a full read: run it as a resync, so records the feed no longer
            // has (their tombstones purged meanwhile) are dropped rather than kept for good.
            resyncing = try await database.writer.write { db in
                guard try Self.hasVersionedRecords(UUIDColumn.encode(org.id), db) else { return false }
                try PullApplier.startResync(orgId: org.id, db)
                return true
            }
        }
        var resyncStarts = 0
        while true {
            let page: PullResponse
            do {
                let from = cursor
                let pageSize = resyncing ? options.resyncPageSize : options.pullPageSize
                page = try await withRetry(transport) { () async throws(SyncTransportError) -> PullResponse in
                    try await transport.pull(cursor: from, limit: pageSize)
                }
            } catch SyncTransportError.status(410, _) {
                // The cursor is older than the store's tombstones: read everything again and
                // drop what the store no longer has.
                resyncStarts += 1
                guard resyncStarts <= 2 else {
                    throw SyncError.refused(url: transport.storeURL, status: 410,
                                            message: tr("the store keeps asking for a resync, even during one"))
                }
                try await database.writer.write { db in try PullApplier.startResync(orgId: org.id, db) }
                cursor = ""
                resyncing = true
                report.resynced = true
                continue
            } catch let error as SyncTransportError {
                throw Self.syncError(for: error, url: transport.storeURL, slug: org.slug)
            }
            if !resyncing, let known = start.storeId, let storeId = page.storeId, storeId != known {
                // The cursor is another store's (a new store at the same address): its numbers
                // mean nothing here. Read this one from the start.
                resyncStarts += 1
                guard resyncStarts <= 2 else {
                    throw SyncError.invalidAnswer(url: transport.storeURL, message: tr("the store keeps changing who it says it is"))
                }
                try await database.writer.write { db in try PullApplier.startResync(orgId: org.id, db) }
                cursor = ""
                resyncing = true
                report.resynced = true
                continue
            }
            if page.hasMore, page.changes.isEmpty, page.cursor == cursor {
                throw SyncError.invalidAnswer(url: transport.storeURL, message: tr("a page with more to come that does not move the cursor"))
            }

            let outcome = try await database.writer.write { [resyncing] db in
                try PullApplier.apply(page, org: org, resyncing: resyncing, db)
            }
            report.pulled += outcome.applied
            report.dropped += outcome.dropped
            report.resent += outcome.resent
            pages += 1
            progress?(SyncProgress(stage: .receiving, sent: report.pushed + report.conflicts + report.rejected,
                                   pagesPulled: pages, pulled: report.pulled))
            cursor = page.cursor
            if !page.hasMore { return }
            try failpoint(.midPull)
        }
    }

    // MARK: Failures

    /// Runs a request, retrying failures that may pass with exponential backoff; after the last
    /// attempt they become `SyncError.storeUnreachable`. Other failures are thrown as they are.
    func withRetry<T: Sendable>(_ transport: any SyncTransport,
                                        _ operation: () async throws(SyncTransportError) -> T) async throws -> T {
        var attempt = 0
        while true {
            attempt += 1
            do {
                return try await operation()
            } catch {
                if case .transport(.cancelled) = error { throw CancellationError() }
                guard Self.isTransient(error) else { throw error }
                if attempt >= options.retry.maxAttempts {
                    throw SyncError.storeUnreachable(url: transport.storeURL, reason: Self.reason(error))
                }
                let delay = options.retry.delay(afterAttempt: attempt)
                if delay > 0 { try await Task.sleep(nanoseconds: UInt64(delay * 1_000_000_000)) }
            }
        }
    }

    static func isTransient(_ error: SyncTransportError) -> Bool {
        switch error {
        case .transport(let failure): failure.isTransient
        case .status(let status, _): status >= 500 || status == 429
        case .invalidResponse, .signedOut, .credentialsUnavailable: false
        }
    }

    static func reason(_ error: SyncTransportError) -> String {
        switch error {
        case .transport(let failure):
            return failure.description
        case .status(let status, let body):
            if let body {
                return tr("it answered {status} {error}: {message}",
                          ["status": String(status), "error": body.error, "message": body.message])
            }
            return tr("it answered {status}", ["status": String(status)])
        case .invalidResponse(let message):
            return message
        case .signedOut:
            return tr("the session is over")
        case .credentialsUnavailable(let reason):
            return reason
        }
    }

    static func syncError(for error: SyncTransportError, url: String, slug: String) -> SyncError {
        switch error {
        case .signedOut:
            return .signedOut(slug: slug)
        case .credentialsUnavailable(let reason):
            return .credentialsUnavailable(reason: reason)
        case .status(401, _):
            return .unauthorized(url: url)
        case .status(403, let body):
            return .forbidden(url: url, message: body?.message ?? tr("this token may not do that"))
        case .status(let status, let body):
            return .refused(url: url, status: status, message: body.map { "\($0.error): \($0.message)" } ?? tr("no reason given"))
        case .transport(.untrustedCertificate(let reason)):
            return .untrustedCertificate(url: url, reason: reason)
        case .transport(.credentialsOverPlainHTTP):
            return .insecureConnection(url: url)
        case .transport(let failure):
            return .storeUnreachable(url: url, reason: failure.description)
        case .invalidResponse(let message):
            return .invalidAnswer(url: url, message: message)
        }
    }

    func failpoint(_ point: Failpoint) throws {
        try options.failpointHook?(point)
        point.hit()
    }
}
