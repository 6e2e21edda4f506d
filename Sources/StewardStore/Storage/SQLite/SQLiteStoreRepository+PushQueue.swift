import Foundation
import GRDB
import StewardCore

// SQLite has one writer at a time: a write transaction that reads the queue and takes from it
// cannot race another process's, so no row locks are needed here.
extension SQLiteStoreRepository {
    @discardableResult
    public func enqueuePushMessage(_ message: PushMessage, now: Date) async throws -> Bool {
        try await pool.write { db in
            guard try Self.fetchOrg(db, slug: message.org) != nil else { throw StoreFailure.unknownOrg(message.org) }
            try Self.insert(message, createdAt: Milliseconds.from(now), onConflict: Self.keepQueued, db)
            return db.changesCount > 0
        }
    }

    public func fanOutDuePushMessages(now: Date, limit: Int, org: String?) async throws -> [PushReport] {
        let at = Milliseconds.from(now)
        // Every process asks several times a second: a read says "nothing" without taking the
        // one writer's lock from pushes.
        guard try await queueHas("SELECT 1 FROM push_messages WHERE state = 'waiting' AND send_at <= ?", at) else { return [] }
        let only = org
        return try await pool.write { db in
            let due = try Row.fetchAll(db, sql: """
                SELECT \(Self.messageColumns) FROM push_messages
                WHERE state = 'waiting' AND send_at <= ? AND (? IS NULL OR org = ?)
                ORDER BY send_at, org, id LIMIT ?
                """, arguments: [at, only, only, limit]).map(Self.pushMessage(from:))
            let insert = try db.cachedStatement(sql: """
                INSERT OR IGNORE INTO push_jobs (org, message_id, device_id, platform, address, p256dh, auth, state, next_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', ?)
                """)
            var reports: [PushReport] = []
            for message in due {
                if message.urgency != .high, let end = try Self.quietHoursEnd(db, org: message.org, now: now) {
                    // Quiet hours: it waits for their end, when it is due again.
                    try db.execute(sql: "UPDATE push_messages SET send_at = ? WHERE org = ? AND id = ?",
                                   arguments: [Milliseconds.from(end), message.org, message.id])
                    continue
                }
                let devices = try Row.fetchAll(db, sql: """
                    SELECT d.id, d.member_id, d.platform, d.address, d.p256dh, d.auth, r.fields, c.fields AS choice
                    FROM push_devices d
                    JOIN records r ON r.org = d.org AND r.entity = 'member' AND r.id = d.member_id AND r.deleted = 0
                    LEFT JOIN records c ON c.org = d.org AND c.entity = 'campusChoice' AND c.id = d.member_id AND c.deleted = 0
                    WHERE d.org = ? AND (? IS NULL OR d.member_id = ?)
                    ORDER BY d.id
                    """, arguments: [message.org, message.memberId, message.memberId])
                var count = 0
                for device in devices {
                    let fields = (try? JSONValue.parse(Data((device["fields"] as String).utf8))) ?? .null
                    let choice = (device["choice"] as String?).flatMap { try? JSONValue.parse(Data($0.utf8)) }
                    guard PushAudience.reaches(message, memberId: device["member_id"], memberFields: fields,
                                               campusChoice: choice) else { continue }
                    try insert.execute(arguments: [message.org, message.id, device["id"], device["platform"], device["address"],
                                                   device["p256dh"], device["auth"], at])
                    count += 1
                }
                try db.execute(sql: "UPDATE push_messages SET state = 'sending', devices = ?, sent_at = ? WHERE org = ? AND id = ?",
                               arguments: [count, at, message.org, message.id])
                reports.append(PushReport(org: message.org, messageId: message.id, devices: count, pending: count,
                                          sentAt: Milliseconds.date(at)))
            }
            return reports
        }
    }

    public func claimPushJobs(now: Date, lease: Duration, limit: Int, org: String?, ratePerMinute: Int) async throws -> [PushJob] {
        let at = Milliseconds.from(now)
        let until = at + lease.wholeMilliseconds
        guard try await queueHas("SELECT 1 FROM push_jobs WHERE state = 'pending' AND next_at <= ? AND lease_until <= ?", at, at)
        else { return [] }
        return try await pool.write { db in
            let window = PushRateLimit.windowStart(at)
            // Taken this window, per organization, when there is a limit.
            var counts: [String: Int] = [:]
            var full: Set<String> = []
            if ratePerMinute > 0 {
                try db.execute(sql: "DELETE FROM push_rate_windows WHERE window_start < ?", arguments: [window - PushRateLimit.kept])
                for row in try Row.fetchAll(db, sql: "SELECT org, claimed FROM push_rate_windows WHERE window_start = ?",
                                            arguments: [window]) {
                    counts[row["org"]] = row["claimed"]
                    if (row["claimed"] as Int) >= ratePerMinute { full.insert(row["org"]) }
                }
            }
            let take = try db.cachedStatement(sql: """
                UPDATE push_jobs SET lease_until = ?, attempts = attempts + 1 WHERE org = ? AND message_id = ? AND device_id = ?
                """)
            var jobs: [PushJob] = []
            var touched: Set<String> = []
            // An organization that reaches its limit is left out of the next pass, so its
            // waiting jobs never crowd out the others' in a batch.
            for _ in 0..<4 where jobs.count < limit {
                let excluded = full.sorted()
                let notFull = excluded.isEmpty ? "" : "AND j.org NOT IN (\(Array(repeating: "?", count: excluded.count).joined(separator: ", ")))"
                var values: [(any DatabaseValueConvertible)?] = [at, at, org, org]
                values += excluded.map { $0 as (any DatabaseValueConvertible)? }
                values.append(limit - jobs.count)
                let rows = try Row.fetchAll(db, sql: """
                    SELECT j.device_id, j.platform, j.address, j.p256dh, j.auth, j.attempts, \(Self.messageColumns("m"))
                    FROM push_jobs j JOIN push_messages m ON m.org = j.org AND m.id = j.message_id
                    WHERE j.state = 'pending' AND j.next_at <= ? AND j.lease_until <= ? AND (? IS NULL OR j.org = ?) \(notFull)
                    ORDER BY j.next_at, j.org, j.message_id, j.device_id LIMIT ?
                    """, arguments: StatementArguments(values))
                var overLimit = false
                for row in rows {
                    guard let platform = PushPlatform(rawValue: row["platform"]) else { continue }
                    let message = Self.pushMessage(from: row)
                    if ratePerMinute > 0 {
                        let taken = counts[message.org, default: 0]
                        guard taken < ratePerMinute else {
                            full.insert(message.org)
                            overLimit = true
                            continue
                        }
                        counts[message.org] = taken + 1
                        touched.insert(message.org)
                    }
                    let target = PushTarget(deviceId: row["device_id"], platform: platform, address: row["address"],
                                            p256dh: row["p256dh"], auth: row["auth"])
                    try take.execute(arguments: [until, message.org, message.id, target.deviceId])
                    jobs.append(PushJob(message: message, target: target, attempts: (row["attempts"] as Int) + 1))
                }
                if !overLimit { break }
            }
            for org in touched.sorted() {
                try db.execute(sql: """
                    INSERT INTO push_rate_windows (org, window_start, claimed) VALUES (?, ?, ?)
                    ON CONFLICT (org, window_start) DO UPDATE SET claimed = excluded.claimed
                    """, arguments: [org, window, counts[org] ?? 0])
            }
            return jobs
        }
    }

    public func finishPushJobs(_ outcomes: [(PushJobKey, PushJobOutcome)], now: Date) async throws {
        let at = Milliseconds.from(now)
        try await pool.write { db in
            let finish = try db.cachedStatement(sql: """
                UPDATE push_jobs SET state = ?, last_error = ?, finished_at = ?, lease_until = 0
                WHERE org = ? AND message_id = ? AND device_id = ?
                """)
            let retry = try db.cachedStatement(sql: """
                UPDATE push_jobs SET next_at = ?, last_error = ?, lease_until = 0
                WHERE org = ? AND message_id = ? AND device_id = ? AND state = 'pending'
                """)
            for (key, outcome) in outcomes {
                let keyArguments: StatementArguments = [key.org, key.messageId, key.deviceId]
                switch outcome {
                case .delivered:
                    try finish.execute(arguments: ["delivered", nil, at] + keyArguments)
                case .failed(let reason):
                    try finish.execute(arguments: ["failed", reason, at] + keyArguments)
                case .gone:
                    try finish.execute(arguments: ["gone", nil, at] + keyArguments)
                    try db.execute(sql: "DELETE FROM push_devices WHERE org = ? AND id = ?", arguments: [key.org, key.deviceId])
                    try db.execute(sql: """
                        UPDATE push_jobs SET state = 'gone', finished_at = ?, lease_until = 0
                        WHERE org = ? AND device_id = ? AND state = 'pending'
                        """, arguments: [at, key.org, key.deviceId])
                case .retry(let next, let reason):
                    try retry.execute(arguments: [Milliseconds.from(next), reason] + keyArguments)
                }
            }
        }
    }

    public func pushReport(org: String, messageId: String) async throws -> PushReport? {
        try await pool.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT devices, sent_at FROM push_messages WHERE org = ? AND id = ?",
                                             arguments: [org, messageId]) else { return nil }
            return try Self.report(db, org: org, messageId: messageId, devices: row["devices"], sentAt: row["sent_at"])
        }
    }

    public func pushReportsToWrite(now: Date, interval: Duration, limit: Int, org: String?) async throws -> [PushReport] {
        let at = Milliseconds.from(now)
        let since = at - interval.wholeMilliseconds
        guard try await queueHas("SELECT 1 FROM push_messages WHERE state = 'sending'") else { return [] }
        return try await pool.write { db in
            let rows = try Row.fetchAll(db, sql: """
                SELECT m.org, m.id, m.devices, m.sent_at FROM push_messages m
                WHERE m.state = 'sending' AND (? IS NULL OR m.org = ?)
                  AND (m.reported_at IS NULL OR m.reported_at <= ? OR NOT EXISTS (
                    SELECT 1 FROM push_jobs j WHERE j.org = m.org AND j.message_id = m.id AND j.state = 'pending'))
                ORDER BY m.sent_at, m.org, m.id LIMIT ?
                """, arguments: [org, org, since, limit])
            var reports: [PushReport] = []
            for row in rows {
                let org: String = row["org"]
                let id: String = row["id"]
                try db.execute(sql: "UPDATE push_messages SET reported_at = ? WHERE org = ? AND id = ?", arguments: [at, org, id])
                reports.append(try Self.report(db, org: org, messageId: id, devices: row["devices"], sentAt: row["sent_at"]))
            }
            return reports
        }
    }

    public func markPushMessageDone(org: String, messageId: String) async throws {
        try await pool.write { db in
            try db.execute(sql: "UPDATE push_messages SET state = 'done' WHERE org = ? AND id = ?", arguments: [org, messageId])
        }
    }

    @discardableResult
    public func purgeDonePushMessages(sentBefore: Date, org: String?) async throws -> Int {
        let cutoff = Milliseconds.from(sentBefore)
        return try await pool.write { db in
            try db.execute(sql: """
                DELETE FROM push_jobs WHERE (org, message_id) IN (
                    SELECT org, id FROM push_messages WHERE state = 'done' AND sent_at < ? AND (? IS NULL OR org = ?))
                """, arguments: [cutoff, org, org])
            try db.execute(sql: "DELETE FROM push_messages WHERE state = 'done' AND sent_at < ? AND (? IS NULL OR org = ?)",
                           arguments: [cutoff, org, org])
            return db.changesCount
        }
    }

    /// When the organization's quiet hours that hold `now` end; nil outside them (or none set).
    private static func quietHoursEnd(_ db: Database, org: String, now: Date) throws -> Date? {
        guard let text = try String.fetchOne(db, sql: """
            SELECT fields FROM records WHERE org = ? AND entity = ? AND deleted = 0 LIMIT 1
            """, arguments: [org, RecordType.pushSettings.entity]),
              let hours = QuietHours(settings: try? JSONValue.parse(Data(text.utf8))),
              let info = try fetchOrg(db, slug: org) else { return nil }
        return hours.end(containing: now, zone: info.zone)
    }

    /// Whether the query finds a row, read without the writer's lock.
    private func queueHas(_ sql: String, _ arguments: Int64...) async throws -> Bool {
        let values = StatementArguments(arguments)
        return try await pool.read { db in try Row.fetchOne(db, sql: sql + " LIMIT 1", arguments: values) != nil }
    }

    private static func report(_ db: Database, org: String, messageId: String, devices: Int, sentAt: Int64?) throws -> PushReport {
        var report = PushReport(org: org, messageId: messageId, devices: devices, sentAt: sentAt.map(Milliseconds.date))
        for row in try Row.fetchAll(db, sql: """
            SELECT state, count(*) AS n FROM push_jobs WHERE org = ? AND message_id = ? GROUP BY state
            """, arguments: [org, messageId]) {
            report.count(state: row["state"], row["n"])
        }
        return report
    }

    private static let messageColumns = messageColumns(nil)

    private static func messageColumns(_ table: String?) -> String {
        let prefix = table.map { "\($0)." } ?? ""
        return ["org", "id", "title", "body", "url", "record", "audience", "member_id", "urgency", "send_at", "expires_at",
                "campus", "ministry"]
            .map { prefix + $0 }.joined(separator: ", ")
    }

    private static func pushMessage(from row: Row) -> PushMessage {
        PushMessage(org: row["org"], id: row["id"], title: row["title"], body: row["body"], url: row["url"],
                    record: row["record"], audience: PushMessage.audience(fromColumn: row["audience"]), memberId: row["member_id"],
                    tags: CampusChoice(campus: (row["campus"] as String?) ?? "", ministry: (row["ministry"] as String?) ?? ""),
                    urgency: PushUrgency(rawValue: row["urgency"]) ?? .normal,
                    sendAt: Milliseconds.date(row["send_at"]), expiresAt: Milliseconds.date(row["expires_at"]))
    }
}

extension SQLiteStoreRepository {
    /// A message already queued stays as it is (a notice is sent once).
    static let keepQueued = "DO NOTHING"
    /// A message already queued takes the new text and time while it still waits.
    static let changeWhileWaiting = """
        DO UPDATE SET
            title = excluded.title, body = excluded.body, url = excluded.url, record = excluded.record,
            audience = excluded.audience, member_id = excluded.member_id, urgency = excluded.urgency,
            campus = excluded.campus, ministry = excluded.ministry,
            send_at = excluded.send_at, expires_at = excluded.expires_at
        WHERE push_messages.state = 'waiting'
        """

    static func insert(_ message: PushMessage, createdAt: Int64, onConflict: String, _ db: Database) throws {
        try db.execute(sql: """
            INSERT INTO push_messages (org, id, title, body, url, record, audience, member_id, urgency, send_at,
                                       expires_at, state, created_at, campus, ministry)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'waiting', ?, ?, ?)
            ON CONFLICT (org, id) \(onConflict)
            """, arguments: [message.org, message.id, message.title, message.body, message.url, message.record,
                             message.audienceColumn, message.memberId, message.urgency.rawValue,
                             Milliseconds.from(message.sendAt), Milliseconds.from(message.expiresAt), createdAt,
                             message.campusColumn, message.ministryColumn])
    }

    /// The queue changes that a transaction's record writes bring (`AnnouncementMessages`).
    static func applyQueueChanges(of writes: [StoredRecord], db: Database, org: String) throws {
        let zone = try writes.contains(where: { AnnouncementMessages.needsZone($0.record.entity) })
            ? fetchOrg(db, slug: org)?.zone ?? .gmt : .gmt
        for write in writes {
            for change in AnnouncementMessages.queueChanges(for: write, org: org, zone: zone) {
                switch change {
                case .put(let message):
                    try insert(message, createdAt: write.changedAt, onConflict: changeWhileWaiting, db)
                case .add(let message):
                    try insert(message, createdAt: write.changedAt, onConflict: keepQueued, db)
                case .withdraw(let org, let id):
                    try db.execute(sql: "DELETE FROM push_messages WHERE org = ? AND id = ? AND state = 'waiting'", arguments: [org, id])
                case .withdrawAll(let org, let prefix):
                    // The ids from the prefix up to the next one: a range of the primary key.
                    try db.execute(sql: """
                        DELETE FROM push_messages WHERE org = ? AND id >= ? AND id < ? AND state = 'waiting'
                        """, arguments: [org, prefix, prefix + "\u{10FFFF}"])
                }
            }
        }
    }

    /// Queues the reminders of live events with one that come within the horizon
    /// (`EventReminders`) and are not queued yet; the writes queue the rest. The one writer
    /// reads the events and queues in one transaction, so no write comes between.
    @discardableResult
    public func queueEventReminders(now: Date, org only: String?) async throws -> Int {
        let at = Milliseconds.from(now)
        return try await pool.write { db in
            let rows = try Row.fetchAll(db, sql: """
                SELECT org, id, version, fields FROM records
                WHERE entity = ? AND deleted = 0 AND (? IS NULL OR org = ?) AND fields LIKE '%"remindBefore"%'
                  AND (sort_end IS NULL OR sort_end >= ?)
                ORDER BY org, id
                """, arguments: [RecordType.event.entity, only, only, at])
            var zones: [String: TimeZone] = [:]
            var added = 0
            for row in rows {
                let org: String = row["org"]
                guard let record = try? RecordColumns.record(entity: RecordType.event.entity, id: row["id"], version: row["version"],
                                                             deleted: false, fieldsText: row["fields"]) else { continue }
                let zone = try zones[org] ?? Self.fetchOrg(db, slug: org)?.zone ?? .gmt
                zones[org] = zone
                for message in EventReminders.messages(org: org, record: record, zone: zone, now: now) {
                    try Self.insert(message, createdAt: at, onConflict: Self.keepQueued, db)
                    added += db.changesCount
                }
            }
            return added
        }
    }
}
