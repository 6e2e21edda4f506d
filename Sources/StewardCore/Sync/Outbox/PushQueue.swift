import Foundation
import GRDB
import Translation

/// The outbox seen from the push: coalescing, mutation ids, and the store's results. Each
/// function runs inside one write transaction of the caller's.
enum PushQueue {
    /// An outbox entry with its mutation id: sent, answer not yet applied.
    struct InFlight: Hashable, Sendable {
        var entry: OutboxEntry
        var mutationId: Int64

        /// The payload is the canonical text the console wrote, so it goes out as it is.
        func mutation() -> Mutation {
            let recordId = UUIDColumn.encode(entry.recordId)
            if entry.operation == .delete {
                return Mutation(id: mutationId, entity: entry.entity, recordId: recordId, operation: .delete,
                                baseVersion: entry.baseVersion, fields: nil)
            }
            return Mutation(id: mutationId, entity: entry.entity, recordId: recordId,
                            baseVersion: entry.baseVersion, fieldsText: entry.payload)
        }
    }

    struct Outcome: Hashable, Sendable {
        var pushed = 0
        var conflicts = 0
        var rejected = 0
        /// Entries settled by this answer (any status).
        var settled = 0
    }

    /// Coalesces the waiting entries (per record, only the newest is kept), then gives ids to
    /// up to `limit` minus those already in flight, in outbox order, skipping records that have
    /// an open conflict, and stopping before the first entry whose record has a mutation in
    /// flight: that entry waits for the answer, and what was made after it waits too, since a
    /// change may rest on an earlier one of another record (a book's next loan on its return).
    /// Each gets the record's current local version as its base. Returns how many were given ids.
    ///
    /// An upsert whose kept text no longer reads as JSON is never sent (it would go as no fields,
    /// or break the whole request): it becomes a rejected change saying so, for staff to edit
    /// again or discard, and `setAside` counts it.
    ///
    /// `coalescedThrough` is the newest entry a previous call of the same push coalesced: once
    /// every record has one waiting entry, only newer entries can make a second, so coalescing
    /// is skipped until one arrives (it cost a 10k push a scan of the whole outbox per batch).
    /// Outbox numbers are AUTOINCREMENT, never reused, so "newer" is exactly "a larger seq".
    @discardableResult
    static func assign(orgId: UUID, limit: Int, coalescedThrough: inout Int64, setAside: inout Int, _ db: Database) throws -> Int {
        let org = UUIDColumn.encode(orgId)
        guard var remote = try Remote.fetch(orgId: orgId, db) else { return 0 }
        let newest = try Int64.fetchOne(db, sql: "SELECT MAX(seq) FROM outbox WHERE orgId = ?", arguments: [org]) ?? 0
        if newest > coalescedThrough {
            try coalesce(org: org, db)
            coalescedThrough = newest
        }
        let inFlight = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM outbox WHERE orgId = ? AND mutationId IS NOT NULL",
                                        arguments: [org]) ?? 0
        let room = limit - inFlight
        guard room > 0 else { return 0 }
        // The first waiting entry of a record with a mutation in flight. Found from the entries
        // in flight (two batches at most), through the (entity, recordId) index.
        let held = try Int64.fetchOne(db, sql: """
            SELECT MIN(waiting.seq) FROM outbox AS sent
            JOIN outbox AS waiting ON waiting.entity = sent.entity AND waiting.recordId = sent.recordId
                                  AND +waiting.orgId = sent.orgId AND +waiting.mutationId IS NULL
            WHERE sent.orgId = ? AND sent.mutationId IS NOT NULL
            """, arguments: [org]) ?? Int64.max
        // A record's current version is in its type's table: the event table, or the shared
        // record table every other type uses.
        let rows = try Row.fetchAll(db, sql: """
            SELECT o.seq, o.entity, o.recordId, o.operation, o.payload, o.baseVersion,
                   COALESCE(e.version, r.version) AS currentVersion
            FROM outbox AS o
            LEFT JOIN event AS e ON o.entity = 'event' AND e.id = o.recordId
            LEFT JOIN record AS r ON o.entity <> 'event' AND r.entity = o.entity AND r.id = o.recordId
            WHERE o.orgId = ? AND o.mutationId IS NULL AND o.seq < ?
              AND NOT EXISTS (SELECT 1 FROM syncConflict AS c
                              WHERE c.orgId = o.orgId AND c.entity = o.entity AND c.recordId = o.recordId)
            ORDER BY o.seq
            LIMIT ?
            """, arguments: [org, held, room])
        let update = try db.cachedStatement(sql: "UPDATE outbox SET mutationId = ?, baseVersion = ? WHERE seq = ?")
        var assigned = 0
        for row in rows {
            if isUnreadable(row) {
                try setAsideUnreadable(row, org: org, db)
                setAside += 1
                continue
            }
            assigned += 1
            remote.lastAssignedMutationId += 1
            let current: Int64? = row["currentVersion"]
            let base: Int64 = row["baseVersion"]
            try update.execute(arguments: [remote.lastAssignedMutationId, current ?? base, row["seq"] as Int64])
        }
        if assigned > 0 {
            try db.execute(sql: "UPDATE remote SET lastAssignedMutationId = ? WHERE orgId = ?",
                           arguments: [remote.lastAssignedMutationId, org])
        }
        return assigned
    }

    /// Whether an outbox row cannot be sent as it is: an upsert whose text is not a JSON object.
    private static func isUnreadable(_ row: Row) -> Bool {
        guard (row["operation"] as String?) != OutboxEntry.Operation.delete.rawValue else { return false }
        guard case .object? = try? JSONValue.parse((row["payload"] as String?) ?? "") else { return true }
        return false
    }

    /// Moves an unreadable waiting change to the rejected changes, kept byte for byte, with
    /// mutation id 0 (it was never given one). The reason is stored in English, as the store's
    /// are, and shown translated.
    private static func setAsideUnreadable(_ row: Row, org: String, _ db: Database) throws {
        let seq: Int64 = row["seq"]
        try db.execute(sql: "DELETE FROM outbox WHERE seq = ?", arguments: [seq])
        try db.execute(sql: """
            INSERT INTO deadLetter (orgId, entity, recordId, mutationId, operation, payload, reason, createdAt)
            VALUES (?, ?, ?, 0, ?, ?, ?, ?)
            """, arguments: [org, row["entity"] as String, row["recordId"] as String, row["operation"] as String,
                             row["payload"] as String, unreadableReason.english, Date.storedNow])
    }

    static let unreadableReason = trLater("this change was kept on this computer in a form that cannot be read, so it was not sent; edit the record again, or discard the change")

    /// Per record, drops every waiting entry but the newest.
    private static func coalesce(org: String, _ db: Database) throws {
        // The unary + keeps SQLite off the (orgId, seq) and (orgId, mutationId) indexes in the
        // subqueries: with them it scanned every later entry for each entry (quadratic; 100k
        // pending changes took minutes). The (entity, recordId) index finds a record's few.
        try db.execute(sql: """
            DELETE FROM outbox
            WHERE orgId = ? AND mutationId IS NULL AND EXISTS (
                SELECT 1 FROM outbox AS newer
                WHERE +newer.orgId = outbox.orgId AND newer.entity = outbox.entity
                  AND newer.recordId = outbox.recordId AND +newer.mutationId IS NULL AND +newer.seq > outbox.seq)
            """, arguments: [org])
    }

    /// Entries that can be sent now or later in this sync: all but those held by a conflict.
    static func sendableCount(orgId: UUID, _ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: """
            SELECT COUNT(*) FROM outbox AS o
            WHERE o.orgId = ? AND NOT EXISTS (SELECT 1 FROM syncConflict AS c
                                              WHERE c.orgId = o.orgId AND c.entity = o.entity AND c.recordId = o.recordId)
            """, arguments: [UUIDColumn.encode(orgId)]) ?? 0
    }

    /// The entries in flight after mutation id `after` (nil: all), in mutation id order: up to
    /// `limit`, and only as far as the ids are consecutive (the store takes nothing else).
    static func inFlight(orgId: UUID, after: Int64? = nil, limit: Int, _ db: Database) throws -> [InFlight] {
        let rows = try Row.fetchAll(db, sql: """
            SELECT * FROM outbox WHERE orgId = ? AND mutationId > ? ORDER BY mutationId LIMIT ?
            """, arguments: [UUIDColumn.encode(orgId), after ?? Int64.min, limit])
        var batch: [InFlight] = []
        for row in rows {
            let id: Int64 = row["mutationId"]
            if let previous = batch.last, id != previous.mutationId + 1 { break }
            batch.append(InFlight(entry: try OutboxEntry(row: row), mutationId: id))
        }
        return batch
    }

    /// After `mutation-gap`: the store has applied none of this client's ids past `last`, and
    /// the first one in flight is further on. Renumbers the entries in flight from `last + 1`,
    /// in order, and the counter with them. Returns whether anything changed.
    @discardableResult
    static func renumber(orgId: UUID, after last: Int64, _ db: Database) throws -> Bool {
        let org = UUIDColumn.encode(orgId)
        let seqs = try Int64.fetchAll(db, sql: """
            SELECT seq FROM outbox WHERE orgId = ? AND mutationId IS NOT NULL ORDER BY mutationId
            """, arguments: [org])
        let first = try Int64.fetchOne(db, sql: "SELECT MIN(mutationId) FROM outbox WHERE orgId = ?", arguments: [org])
        // `first - 1`, not `last + 1`: `last` comes from the store's answer.
        guard let first, first - 1 > last else { return false }
        // Out of the unique index's way first, then the new ids.
        try db.execute(sql: "UPDATE outbox SET mutationId = -mutationId WHERE orgId = ? AND mutationId IS NOT NULL",
                       arguments: [org])
        let update = try db.cachedStatement(sql: "UPDATE outbox SET mutationId = ? WHERE seq = ?")
        for (offset, seq) in seqs.enumerated() {
            try update.execute(arguments: [last + 1 + Int64(offset), seq])
        }
        try db.execute(sql: "UPDATE remote SET lastAssignedMutationId = ? WHERE orgId = ?",
                       arguments: [last + Int64(seqs.count), org])
        return true
    }

    /// After `client-id-in-use`: the organization's client id is given a new last part, the
    /// mutation counter starts again, and entries in flight wait to be given ids under it.
    /// Returns the new client id.
    static func takeNewClientId(orgId: UUID, _ db: Database) throws -> String {
        let org = UUIDColumn.encode(orgId)
        guard let slug = try String.fetchOne(db, sql: "SELECT slug FROM organization WHERE id = ?", arguments: [org]) else {
            throw SyncError.notConnected(slug: org)
        }
        let suffix = UUID().uuidString.lowercased().prefix(8)
        let clientId = "\(UUIDColumn.encode(try AppDatabase.installationId(db)))/\(slug)/\(suffix)"
        try db.execute(sql: "UPDATE outbox SET mutationId = NULL WHERE orgId = ?", arguments: [org])
        try db.execute(sql: "UPDATE remote SET clientId = ?, lastAssignedMutationId = 0 WHERE orgId = ?",
                       arguments: [clientId, org])
        return clientId
    }

    /// Applies the store's results to the entries sent: each settled entry leaves the outbox in
    /// this transaction, with what its result leaves behind (the record's new version, a
    /// conflict, a dead letter). Entries without a result stay in flight, to be sent again.
    static func apply(_ response: PushResponse, to batch: [InFlight], org: Organization, _ db: Database) throws -> Outcome {
        var results: [Int64: MutationResult] = [:]
        for result in response.results where results[result.id] == nil {
            results[result.id] = result
        }
        var outcome = Outcome()
        var versionsChanged = false
        var needsFullPull = false
        let stillInFlight = try db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM outbox WHERE seq = ? AND mutationId = ?)")
        let remove = try db.cachedStatement(sql: "DELETE FROM outbox WHERE seq = ?")
        for sent in batch {
            guard let result = results[sent.mutationId], let seq = sent.entry.seq,
                  try Bool.fetchOne(stillInFlight, arguments: [seq, sent.mutationId]) == true
            else { continue }
            let entry = sent.entry
            let recordKey = UUIDColumn.encode(entry.recordId)
            var status = result.status
            var reason = result.reason
            if status == .duplicate {
                // A replay: the store answers with what happened the first time.
                if let original = result.originalStatus ?? (result.version != nil ? .applied : nil), original != .duplicate {
                    status = original
                } else {
                    // The store applied the id but no longer knows how it went. The change is
                    // shown as a dead letter rather than dropped, and a full pull brings the
                    // record as the store has it.
                    status = .rejected
                    // Kept in English, as the store's own reasons are; shown translated.
                    reason = trLater("the store has this change but no longer knows whether it applied it; check the record").english
                    needsFullPull = true
                }
            }
            switch status {
            case .applied:
                guard let version = result.version else { continue }
                try remove.execute(arguments: [seq])
                try RecordTypes.storage(for: entry.entity).setVersion(version, entity: entry.entity, id: recordKey, db)
                versionsChanged = true
                try HistoryLog.confirm(entity: entry.entity, recordId: recordKey, throughOutboxSeq: seq, version: version, db)
                outcome.pushed += 1
            case .conflict:
                try remove.execute(arguments: [seq])
                if let record = result.record, sameContent(entry, record) {
                    // Both sides made the same change: nothing to choose.
                    try RecordTypes.storage(for: entry.entity).setVersion(record.version, entity: entry.entity,
                                                                          id: recordKey, db)
                    versionsChanged = true
                    try HistoryLog.confirm(entity: entry.entity, recordId: recordKey, throughOutboxSeq: seq,
                                           version: record.version, db)
                    outcome.pushed += 1
                } else {
                    try db.execute(sql: """
                        INSERT INTO syncConflict (orgId, entity, recordId, localFields, localDeleted, remoteRecord, createdAt)
                        VALUES (?, ?, ?, ?, ?, ?, ?)
                        """, arguments: [UUIDColumn.encode(org.id), entry.entity, recordKey,
                                         entry.operation == .delete ? "null" : entry.payload,
                                         entry.operation == .delete, result.record?.conflictLine, Date.storedNow])
                    // A replayed conflict may come without the store's record: read the whole
                    // feed again, which brings it (pulls keep conflicts up to date).
                    if result.record == nil { needsFullPull = true }
                    if entry.entity == RecordType.submission.entity {
                        try ApprovalService.withdrawShownEvent(submissionId: recordKey, org: org, db)
                    }
                    outcome.conflicts += 1
                }
            case .rejected:
                try remove.execute(arguments: [seq])
                try db.execute(sql: """
                    INSERT INTO deadLetter (orgId, entity, recordId, mutationId, operation, payload, reason, createdAt)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """, arguments: [UUIDColumn.encode(org.id), entry.entity, recordKey, sent.mutationId,
                                     entry.operation.rawValue, entry.payload,
                                     reason ?? trLater("refused by the store").english, Date.storedNow])
                if entry.entity == RecordType.submission.entity {
                    try ApprovalService.withdrawShownEvent(submissionId: recordKey, org: org, db)
                }
                outcome.rejected += 1
            case .duplicate:
                continue
            }
            outcome.settled += 1
        }
        if needsFullPull {
            try db.execute(sql: "UPDATE remote SET cursor = '' WHERE orgId = ?", arguments: [UUIDColumn.encode(org.id)])
        }
        if versionsChanged { try DataGeneration.bumpPulls(db) }
        return outcome
    }

    private static func sameContent(_ entry: OutboxEntry, _ record: RemoteRecord) -> Bool {
        if entry.operation == .delete { return record.deleted }
        guard !record.deleted, let local = try? JSONValue.parse(entry.payload) else { return false }
        return local.canonicalText == record.fields.canonicalText
    }
}
