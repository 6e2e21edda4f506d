import Foundation
import PostgresNIO
import StewardCore

// Several store processes share the queue: whatever one takes (a due message, ready jobs) it
// takes with FOR UPDATE SKIP LOCKED, so the others pass over it rather than wait or take it too.
extension PostgresStoreRepository {
    @discardableResult
    public func enqueuePushMessage(_ message: PushMessage, now: Date) async throws -> Bool {
        try await transaction { connection, logger in
            guard try await Self.fetchOrg(connection, slug: message.org, lock: false, logger: logger) != nil else {
                throw StoreFailure.unknownOrg(message.org)
            }
            var added = false
            for try await _ in try await Self.insert(message, createdAt: Milliseconds.from(now), onConflict: Self.keepQueued,
                                                     connection, logger) {
                added = true
            }
            return added
        }
    }

    public func fanOutDuePushMessages(now: Date, limit: Int, org only: String?) async throws -> [PushReport] {
        let at = Milliseconds.from(now)
        return try await transaction { connection, logger in
            var due: [PushMessage] = []
            for try await row in try await connection.query("""
                SELECT \(unescaped: Self.messageColumns) FROM push_messages
                WHERE state = 'waiting' AND send_at <= \(at) AND (\(only)::text IS NULL OR org = \(only))
                ORDER BY send_at, org, id LIMIT \(Int64(limit)) FOR UPDATE SKIP LOCKED
                """, logger: logger).decode(Self.MessageRow.self) {
                due.append(Self.pushMessage(row))
            }
            var reports: [PushReport] = []
            for message in due {
                if message.urgency != .high,
                   let end = try await Self.quietHoursEnd(connection, logger: logger, org: message.org, now: now) {
                    // Quiet hours: it waits for their end, when it is due again.
                    try await connection.query("""
                        UPDATE push_messages SET send_at = \(Milliseconds.from(end)) WHERE org = \(message.org) AND id = \(message.id)
                        """, logger: logger)
                    continue
                }
                var ids: [String] = [], platforms: [String] = [], addresses: [String] = [], keys: [String] = [], auths: [String] = []
                for try await (id, member, platform, address, p256dh, auth, fields, choice) in try await connection.query("""
                    SELECT d.id, d.member_id, d.platform, d.address, d.p256dh, d.auth, r.fields, c.fields
                    FROM push_devices d
                    JOIN records r ON r.org = d.org AND r.entity = 'member' AND r.id = d.member_id AND NOT r.deleted
                    LEFT JOIN records c ON c.org = d.org AND c.entity = 'campusChoice' AND c.id = d.member_id AND NOT c.deleted
                    WHERE d.org = \(message.org) AND (\(message.memberId)::text IS NULL OR d.member_id = \(message.memberId))
                    ORDER BY d.id
                    """, logger: logger).decode((String, String, String, String, String?, String?, String, String?).self) {
                    let memberFields = (try? JSONValue.parse(Data(fields.utf8))) ?? .null
                    let campusChoice = choice.flatMap { try? JSONValue.parse(Data($0.utf8)) }
                    guard PushAudience.reaches(message, memberId: member, memberFields: memberFields,
                                               campusChoice: campusChoice) else { continue }
                    ids.append(id)
                    platforms.append(platform)
                    addresses.append(address)
                    keys.append(p256dh ?? "")
                    auths.append(auth ?? "")
                }
                if !ids.isEmpty {
                    try await connection.query("""
                        INSERT INTO push_jobs (org, message_id, device_id, platform, address, p256dh, auth, state, next_at)
                        SELECT \(message.org), \(message.id), d.id, d.platform, d.address, NULLIF(d.p256dh, ''), NULLIF(d.auth, ''),
                               'pending', \(at)
                        FROM UNNEST(\(ids)::text[], \(platforms)::text[], \(addresses)::text[], \(keys)::text[], \(auths)::text[])
                             AS d(id, platform, address, p256dh, auth)
                        ON CONFLICT DO NOTHING
                        """, logger: logger)
                }
                let count = Int64(ids.count)
                try await connection.query("""
                    UPDATE push_messages SET state = 'sending', devices = \(count), sent_at = \(at)
                    WHERE org = \(message.org) AND id = \(message.id)
                    """, logger: logger)
                reports.append(PushReport(org: message.org, messageId: message.id, devices: ids.count, pending: ids.count,
                                          sentAt: Milliseconds.date(at)))
            }
            return reports
        }
    }

    public func claimPushJobs(now: Date, lease: Duration, limit: Int, org only: String?, ratePerMinute: Int) async throws -> [PushJob] {
        guard ratePerMinute <= 0 else {
            return try await claimPushJobs(now: now, lease: lease, limit: limit, org: only, limitedTo: ratePerMinute)
        }
        let at = Milliseconds.from(now)
        let until = at + lease.wholeMilliseconds
        return try await transaction { connection, logger in
            var jobs: [PushJob] = []
            for try await (device, platform, address, p256dh, auth, attempts,
                           org, id, title, body, url, record, audience, member, urgency, sendAt, expiresAt,
                           campus, ministry) in try await connection.query("""
                WITH ready AS (
                    SELECT org, message_id, device_id FROM push_jobs
                    WHERE state = 'pending' AND next_at <= \(at) AND lease_until <= \(at)
                      AND (\(only)::text IS NULL OR org = \(only))
                    ORDER BY next_at, org, message_id, device_id LIMIT \(Int64(limit))
                    FOR UPDATE SKIP LOCKED)
                UPDATE push_jobs j SET lease_until = \(until), attempts = j.attempts + 1
                FROM ready, push_messages m
                WHERE j.org = ready.org AND j.message_id = ready.message_id AND j.device_id = ready.device_id
                  AND m.org = j.org AND m.id = j.message_id
                RETURNING j.device_id, j.platform, j.address, j.p256dh, j.auth, j.attempts,
                          \(unescaped: Self.messageColumns("m"))
                """, logger: logger).decode((String, String, String, String?, String?, Int,
                                             String, String, String, String, String?, String?, String?, String?, String, Int64, Int64,
                                             String?, String?).self) {
                guard let platform = PushPlatform(rawValue: platform) else { continue }
                let row: MessageRow = (org, id, title, body, url, record, audience, member, urgency, sendAt, expiresAt, campus, ministry)
                jobs.append(PushJob(message: Self.pushMessage(row),
                                    target: PushTarget(deviceId: device, platform: platform, address: address,
                                                       p256dh: p256dh, auth: auth),
                                    attempts: attempts))
            }
            return jobs
        }
    }

    /// Jobs taken under a rate limit (`PushRateLimit`). Organizations at their limit in this
    /// window are left out of the jobs looked at, so theirs never crowd out the others'; the
    /// window rows of the organizations whose jobs were found are then counted up in one
    /// statement, which locks them (in order of slug, so processes never wait on each other in
    /// a circle) until this transaction ends, and gives back how many each may take. What is
    /// over waits; the next round leaves out the organizations now full.
    private func claimPushJobs(now: Date, lease: Duration, limit: Int, org only: String?,
                               limitedTo perMinute: Int) async throws -> [PushJob] {
        let at = Milliseconds.from(now)
        let until = at + lease.wholeMilliseconds
        let window = PushRateLimit.windowStart(at)
        let maximum = Int64(perMinute)
        return try await transaction { connection, logger in
            var full: [String] = []
            for try await org in try await connection.query("""
                SELECT org FROM push_rate_windows WHERE window_start = \(window) AND claimed >= \(maximum)
                """, logger: logger).decode(String.self) {
                full.append(org)
            }
            var found: [(org: String, message: String, device: String)] = []
            for try await row in try await connection.query("""
                SELECT org, message_id, device_id FROM push_jobs
                WHERE state = 'pending' AND next_at <= \(at) AND lease_until <= \(at)
                  AND (\(only)::text IS NULL OR org = \(only)) AND NOT (org = ANY(\(full)::text[]))
                ORDER BY next_at, org, message_id, device_id LIMIT \(Int64(limit))
                FOR UPDATE SKIP LOCKED
                """, logger: logger).decode((String, String, String).self) {
                found.append(row)
            }
            guard !found.isEmpty else { return [] }
            var wanted: [String: Int64] = [:]
            for job in found { wanted[job.org, default: 0] += 1 }
            let orgs = wanted.keys.sorted()
            // granted: what this claim may take, counted up to the limit and no further.
            var granted: [String: Int] = [:]
            for try await (org, grant) in try await connection.query("""
                INSERT INTO push_rate_windows AS w (org, window_start, claimed, granted)
                SELECT o.org, \(window), LEAST(o.n, \(maximum)), LEAST(o.n, \(maximum))
                FROM UNNEST(\(orgs)::text[], \(orgs.map { wanted[$0] ?? 0 })::bigint[]) AS o(org, n)
                ORDER BY o.org
                ON CONFLICT (org, window_start) DO UPDATE
                    SET claimed = LEAST(w.claimed + EXCLUDED.claimed, \(maximum)),
                        granted = LEAST(w.claimed + EXCLUDED.claimed, \(maximum)) - w.claimed
                RETURNING w.org, w.granted
                """, logger: logger).decode((String, Int).self) {
                granted[org] = grant
            }
            var chosen: (orgs: [String], messages: [String], devices: [String]) = ([], [], [])
            for job in found where granted[job.org, default: 0] > 0 {
                granted[job.org, default: 0] -= 1
                chosen.orgs.append(job.org); chosen.messages.append(job.message); chosen.devices.append(job.device)
            }
            if Int.random(in: 0..<64) == 0 {
                // Now and then, windows long past are forgotten.
                try await connection.query("""
                    DELETE FROM push_rate_windows WHERE window_start < \(window - PushRateLimit.kept)
                    """, logger: logger)
            }
            guard !chosen.orgs.isEmpty else { return [] }
            var jobs: [PushJob] = []
            for try await (device, platform, address, p256dh, auth, attempts,
                           org, id, title, body, url, record, audience, member, urgency, sendAt, expiresAt,
                           campus, ministry) in try await connection.query("""
                UPDATE push_jobs j SET lease_until = \(until), attempts = j.attempts + 1
                FROM UNNEST(\(chosen.orgs)::text[], \(chosen.messages)::text[], \(chosen.devices)::text[])
                         AS c(org, message_id, device_id),
                     push_messages m
                WHERE j.org = c.org AND j.message_id = c.message_id AND j.device_id = c.device_id
                  AND m.org = j.org AND m.id = j.message_id
                RETURNING j.device_id, j.platform, j.address, j.p256dh, j.auth, j.attempts,
                          \(unescaped: Self.messageColumns("m"))
                """, logger: logger).decode((String, String, String, String?, String?, Int,
                                             String, String, String, String, String?, String?, String?, String?, String, Int64, Int64,
                                             String?, String?).self) {
                guard let platform = PushPlatform(rawValue: platform) else { continue }
                let row: MessageRow = (org, id, title, body, url, record, audience, member, urgency, sendAt, expiresAt, campus, ministry)
                jobs.append(PushJob(message: Self.pushMessage(row),
                                    target: PushTarget(deviceId: device, platform: platform, address: address,
                                                       p256dh: p256dh, auth: auth),
                                    attempts: attempts))
            }
            return jobs
        }
    }

    public func finishPushJobs(_ outcomes: [(PushJobKey, PushJobOutcome)], now: Date) async throws {
        let at = Milliseconds.from(now)
        var finished: (orgs: [String], messages: [String], devices: [String], states: [String], errors: [String]) = ([], [], [], [], [])
        var retried: (orgs: [String], messages: [String], devices: [String], next: [Int64], errors: [String]) = ([], [], [], [], [])
        var gone: (orgs: [String], devices: [String]) = ([], [])
        for (key, outcome) in outcomes {
            switch outcome {
            case .retry(let next, let reason):
                retried.orgs.append(key.org); retried.messages.append(key.messageId); retried.devices.append(key.deviceId)
                retried.next.append(Milliseconds.from(next)); retried.errors.append(reason)
            default:
                let (state, error): (String, String) = switch outcome {
                case .delivered: ("delivered", "")
                case .failed(let reason): ("failed", reason)
                default: ("gone", "")
                }
                finished.orgs.append(key.org); finished.messages.append(key.messageId); finished.devices.append(key.deviceId)
                finished.states.append(state); finished.errors.append(error)
                if state == "gone" { gone.orgs.append(key.org); gone.devices.append(key.deviceId) }
            }
        }
        try await transaction { [finished, retried, gone] connection, logger in
            if !finished.orgs.isEmpty {
                try await connection.query("""
                    UPDATE push_jobs j SET state = f.state, last_error = NULLIF(f.error, ''), finished_at = \(at), lease_until = 0
                    FROM UNNEST(\(finished.orgs)::text[], \(finished.messages)::text[], \(finished.devices)::text[],
                                \(finished.states)::text[], \(finished.errors)::text[]) AS f(org, message_id, device_id, state, error)
                    WHERE j.org = f.org AND j.message_id = f.message_id AND j.device_id = f.device_id
                    """, logger: logger)
            }
            if !retried.orgs.isEmpty {
                try await connection.query("""
                    UPDATE push_jobs j SET next_at = r.next_at, last_error = r.error, lease_until = 0
                    FROM UNNEST(\(retried.orgs)::text[], \(retried.messages)::text[], \(retried.devices)::text[],
                                \(retried.next)::bigint[], \(retried.errors)::text[]) AS r(org, message_id, device_id, next_at, error)
                    WHERE j.org = r.org AND j.message_id = r.message_id AND j.device_id = r.device_id AND j.state = 'pending'
                    """, logger: logger)
            }
            if !gone.orgs.isEmpty {
                try await connection.query("""
                    DELETE FROM push_devices d USING UNNEST(\(gone.orgs)::text[], \(gone.devices)::text[]) AS g(org, id)
                    WHERE d.org = g.org AND d.id = g.id
                    """, logger: logger)
                try await connection.query("""
                    UPDATE push_jobs j SET state = 'gone', finished_at = \(at), lease_until = 0
                    FROM UNNEST(\(gone.orgs)::text[], \(gone.devices)::text[]) AS g(org, id)
                    WHERE j.org = g.org AND j.device_id = g.id AND j.state = 'pending'
                    """, logger: logger)
            }
        }
    }

    public func pushReport(org: String, messageId: String) async throws -> PushReport? {
        try await transaction { connection, logger in
            var found: (Int, Int64?)?
            for try await row in try await connection.query("""
                SELECT devices, sent_at FROM push_messages WHERE org = \(org) AND id = \(messageId)
                """, logger: logger).decode((Int, Int64?).self) {
                found = row
            }
            guard let (devices, sentAt) = found else { return nil }
            return try await Self.report(connection, logger: logger, org: org, messageId: messageId, devices: devices, sentAt: sentAt)
        }
    }

    public func pushReportsToWrite(now: Date, interval: Duration, limit: Int, org only: String?) async throws -> [PushReport] {
        let at = Milliseconds.from(now)
        let since = at - interval.wholeMilliseconds
        return try await transaction { connection, logger in
            var taken: [(String, String, Int, Int64?)] = []
            for try await row in try await connection.query("""
                WITH due AS (
                    SELECT m.org, m.id FROM push_messages m
                    WHERE m.state = 'sending' AND (\(only)::text IS NULL OR m.org = \(only))
                      AND (m.reported_at IS NULL OR m.reported_at <= \(since) OR NOT EXISTS (
                        SELECT 1 FROM push_jobs j WHERE j.org = m.org AND j.message_id = m.id AND j.state = 'pending'))
                    ORDER BY m.sent_at, m.org, m.id LIMIT \(Int64(limit))
                    FOR UPDATE SKIP LOCKED)
                UPDATE push_messages m SET reported_at = \(at) FROM due WHERE m.org = due.org AND m.id = due.id
                RETURNING m.org, m.id, m.devices, m.sent_at
                """, logger: logger).decode((String, String, Int, Int64?).self) {
                taken.append(row)
            }
            var reports: [PushReport] = []
            for (org, id, devices, sentAt) in taken {
                reports.append(try await Self.report(connection, logger: logger, org: org, messageId: id, devices: devices, sentAt: sentAt))
            }
            return reports
        }
    }

    public func markPushMessageDone(org: String, messageId: String) async throws {
        try await transaction { connection, logger in
            try await connection.query("UPDATE push_messages SET state = 'done' WHERE org = \(org) AND id = \(messageId)", logger: logger)
        }
    }

    @discardableResult
    public func purgeDonePushMessages(sentBefore: Date, org only: String?) async throws -> Int {
        let cutoff = Milliseconds.from(sentBefore)
        return try await transaction { connection, logger in
            try await connection.query("""
                DELETE FROM push_jobs j USING push_messages m
                WHERE m.org = j.org AND m.id = j.message_id AND m.state = 'done' AND m.sent_at < \(cutoff)
                  AND (\(only)::text IS NULL OR m.org = \(only))
                """, logger: logger)
            var purged = 0
            for try await _ in try await connection.query("""
                DELETE FROM push_messages WHERE state = 'done' AND sent_at < \(cutoff)
                  AND (\(only)::text IS NULL OR org = \(only)) RETURNING id
                """, logger: logger).decode(String.self) {
                purged += 1
            }
            return purged
        }
    }

    /// When the organization's quiet hours that hold `now` end; nil outside them (or none set).
    private static func quietHoursEnd(_ connection: PostgresConnection, logger: Logger, org: String, now: Date) async throws -> Date? {
        var text: String?
        for try await fields in try await connection.query("""
            SELECT fields FROM records WHERE org = \(org) AND entity = \(RecordType.pushSettings.entity) AND NOT deleted LIMIT 1
            """, logger: logger).decode(String.self) {
            text = fields
        }
        guard let text, let hours = QuietHours(settings: try? JSONValue.parse(Data(text.utf8))),
              let info = try await fetchOrg(connection, slug: org, lock: false, logger: logger) else { return nil }
        return hours.end(containing: now, zone: info.zone)
    }

    private static func report(_ connection: PostgresConnection, logger: Logger, org: String, messageId: String,
                               devices: Int, sentAt: Int64?) async throws -> PushReport {
        var report = PushReport(org: org, messageId: messageId, devices: devices, sentAt: sentAt.map(Milliseconds.date))
        for try await (state, count) in try await connection.query("""
            SELECT state, count(*) FROM push_jobs WHERE org = \(org) AND message_id = \(messageId) GROUP BY state
            """, logger: logger).decode((String, Int64).self) {
            report.count(state: state, Int(count))
        }
        return report
    }

    private typealias MessageRow = (String, String, String, String, String?, String?, String?, String?, String, Int64, Int64,
                                    String?, String?)

    private static let messageColumns = messageColumns(nil)

    private static func messageColumns(_ table: String?) -> String {
        let prefix = table.map { "\($0)." } ?? ""
        return ["org", "id", "title", "body", "url", "record", "audience", "member_id", "urgency", "send_at", "expires_at",
                "campus", "ministry"]
            .map { prefix + $0 }.joined(separator: ", ")
    }

    private static func pushMessage(_ row: MessageRow) -> PushMessage {
        let (org, id, title, body, url, record, audience, member, urgency, sendAt, expiresAt, campus, ministry) = row
        return PushMessage(org: org, id: id, title: title, body: body, url: url, record: record, audience: PushMessage.audience(fromColumn: audience),
                           memberId: member, tags: CampusChoice(campus: campus ?? "", ministry: ministry ?? ""), urgency: PushUrgency(rawValue: urgency) ?? .normal,
                           sendAt: Milliseconds.date(sendAt), expiresAt: Milliseconds.date(expiresAt))
    }
}

extension PostgresStoreRepository {
    /// See `SQLiteStoreRepository.keepQueued` and `changeWhileWaiting`.
    static let keepQueued = "DO NOTHING"
    static let changeWhileWaiting = """
        DO UPDATE SET
            title = EXCLUDED.title, body = EXCLUDED.body, url = EXCLUDED.url, record = EXCLUDED.record,
            audience = EXCLUDED.audience, member_id = EXCLUDED.member_id, urgency = EXCLUDED.urgency,
            campus = EXCLUDED.campus, ministry = EXCLUDED.ministry,
            send_at = EXCLUDED.send_at, expires_at = EXCLUDED.expires_at
        WHERE push_messages.state = 'waiting'
        """

    /// Queues the message; the rows it gives back are its id when it was inserted or changed.
    static func insert(_ message: PushMessage, createdAt: Int64, onConflict: String, _ connection: PostgresConnection,
                       _ logger: Logger) async throws -> PostgresRowSequence {
        try await connection.query("""
            INSERT INTO push_messages (org, id, title, body, url, record, audience, member_id, urgency, send_at,
                                       expires_at, state, created_at, campus, ministry)
            VALUES (\(message.org), \(message.id), \(message.title), \(message.body), \(message.url), \(message.record),
                    \(message.audienceColumn), \(message.memberId), \(message.urgency.rawValue),
                    \(Milliseconds.from(message.sendAt)), \(Milliseconds.from(message.expiresAt)), 'waiting', \(createdAt),
                    \(message.campusColumn), \(message.ministryColumn))
            ON CONFLICT (org, id) \(unescaped: onConflict)
            RETURNING id
            """, logger: logger)
    }

    /// The queue changes that a transaction's record writes bring (`AnnouncementMessages`).
    static func applyQueueChanges(of writes: [StoredRecord], connection: PostgresConnection, org: String,
                                  logger: Logger) async throws {
        var zone = TimeZone.gmt
        if writes.contains(where: { AnnouncementMessages.needsZone($0.record.entity) }) {
            zone = try await fetchOrg(connection, slug: org, lock: false, logger: logger)?.zone ?? .gmt
        }
        for write in writes {
            for change in AnnouncementMessages.queueChanges(for: write, org: org, zone: zone) {
                switch change {
                case .put(let message):
                    for try await _ in try await insert(message, createdAt: write.changedAt, onConflict: changeWhileWaiting,
                                                        connection, logger) {}
                case .add(let message):
                    for try await _ in try await insert(message, createdAt: write.changedAt, onConflict: keepQueued,
                                                        connection, logger) {}
                case .withdraw(let org, let id):
                    try await connection.query("""
                        DELETE FROM push_messages WHERE org = \(org) AND id = \(id) AND state = 'waiting'
                        """, logger: logger)
                case .withdrawAll(let org, let prefix):
                    try await connection.query("""
                        DELETE FROM push_messages WHERE org = \(org) AND starts_with(id, \(prefix)) AND state = 'waiting'
                        """, logger: logger)
                }
            }
        }
    }

    /// Queues the reminders of live events with one that come within the horizon
    /// (`EventReminders`) and are not queued yet; the writes queue the rest. The events are read
    /// FOR SHARE: an event being written is passed over (its write queues its reminders), and
    /// one written after this read waits for this transaction, then withdraws what no longer
    /// fits, so a reminder of its old time never outlives the write. Processes that top up at
    /// once queue each reminder once (its id is the key).
    @discardableResult
    public func queueEventReminders(now: Date, org only: String?) async throws -> Int {
        let at = Milliseconds.from(now)
        return try await transaction { connection, logger in
            var events: [(String, RemoteRecord)] = []
            for try await (org, id, version, fields) in try await connection.query("""
                SELECT org, id, version, fields FROM records
                WHERE entity = \(RecordType.event.entity) AND NOT deleted AND (\(only)::text IS NULL OR org = \(only))
                  AND fields LIKE '%"remindBefore"%' AND (sort_end IS NULL OR sort_end >= \(at))
                ORDER BY org, id
                FOR SHARE SKIP LOCKED
                """, logger: logger).decode((String, String, Int64, String).self) {
                guard let record = try? RecordColumns.record(entity: RecordType.event.entity, id: id, version: version,
                                                             deleted: false, fieldsText: fields) else { continue }
                events.append((org, record))
            }
            var zones: [String: TimeZone] = [:]
            var added = 0
            for (org, record) in events {
                var zone = zones[org]
                if zone == nil {
                    zone = try await Self.fetchOrg(connection, slug: org, lock: false, logger: logger)?.zone ?? .gmt
                    zones[org] = zone
                }
                for message in EventReminders.messages(org: org, record: record, zone: zone ?? .gmt, now: now) {
                    for try await _ in try await Self.insert(message, createdAt: at, onConflict: Self.keepQueued, connection, logger) {
                        added += 1
                    }
                }
            }
            return added
        }
    }
}
