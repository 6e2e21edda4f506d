import Foundation
import GRDB
import StewardCore

/// The store on one SQLite file: for a single steward-store process (the default).
///
/// A `DatabasePool` in WAL mode: pulls and reads run on reader connections while a push
/// writes, and SQLite's single writer gives each organization's changes one order, so a
/// number is committed only after every smaller one.
public final class SQLiteStoreRepository: StoreRepository {
    let pool: DatabasePool

    public init(path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        var config = Configuration()
        config.foreignKeysEnabled = true
        // Pushes wait for one another rather than fail: each holds the writer only briefly.
        config.busyMode = .timeout(10)
        pool = try DatabasePool(path: path, configuration: config)
        // GRDB picks synchronous=NORMAL with WAL; a push answered "applied" must survive a power
        // cut (the console drops its outbox entry on that answer), so the writer uses FULL.
        try pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
    }

    public func migrate() async throws {
        // DatabaseMigrator works on the writer itself; it runs once at start, so blocking is fine.
        // All or nothing, and a file a newer release made is refused (SafeMigration).
        try SafeMigration.migrate(pool, with: SQLiteSchema.migrator, path: pool.path)
    }

    public func checkHealth() async throws {
        _ = try await pool.read { db in try Int.fetchOne(db, sql: "SELECT 1") }
    }

    // MARK: Organizations and tokens

    public func addOrg(_ org: OrgInfo) async throws {
        try await pool.write { db in
            if try Self.fetchOrg(db, slug: org.slug) != nil { throw StoreFailure.orgExists(org.slug) }
            try db.execute(sql: "INSERT INTO orgs (slug, name, time_zone, last_seq, purged_through_seq) VALUES (?, ?, ?, 0, 0)",
                           arguments: [org.slug, org.name, org.timeZone])
        }
    }

    public func org(slug: String) async throws -> OrgInfo? {
        try await pool.read { db in try Self.fetchOrg(db, slug: slug) }
    }

    public func orgSlugs() async throws -> [String] {
        try await pool.read { db in try String.fetchAll(db, sql: "SELECT slug FROM orgs ORDER BY slug") }
    }

    public func addToken(hash: String, grant: TokenGrant, createdAt: Date, expiresAt: Date?, replacing: String?) async throws {
        try await pool.write { db in
            guard try Self.fetchOrg(db, slug: grant.org) != nil else { throw StoreFailure.unknownOrg(grant.org) }
            try db.execute(sql: "INSERT INTO tokens (hash, org, role, created_at, expires_at) VALUES (?, ?, ?, ?, ?)",
                           arguments: [hash, grant.org, grant.role.rawValue, Milliseconds.from(createdAt),
                                       expiresAt.map(Milliseconds.from)])
            guard let replacing else { return }
            let old = try Row.fetchOne(db, sql: "SELECT hash, revoked_at FROM tokens WHERE org = ? AND substr(hash, 1, ?) = ?",
                                       arguments: [grant.org, TokenInfo.idLength, replacing])
            guard let old else { throw StoreFailure.unknownToken(replacing) }
            if (old["revoked_at"] as Int64?) == nil {
                try db.execute(sql: "UPDATE tokens SET revoked_at = ? WHERE hash = ?",
                               arguments: [Milliseconds.from(createdAt), old["hash"] as String])
            }
            try db.execute(sql: "UPDATE clients SET owner = ? WHERE org = ? AND owner = ?",
                           arguments: [TokenRotation.owner(hash: hash), grant.org, TokenRotation.owner(id: replacing)])
        }
    }

    public func token(forHash hash: String) async throws -> TokenInfo? {
        try await pool.read { db in
            try Row.fetchOne(db, sql: "SELECT \(Self.tokenColumns) FROM tokens WHERE hash = ?", arguments: [hash])
                .flatMap(Self.tokenInfo(from:))
        }
    }

    public func tokens(org: String) async throws -> [TokenInfo] {
        try await pool.read { db in
            try Row.fetchAll(db, sql: "SELECT \(Self.tokenColumns) FROM tokens WHERE org = ? ORDER BY created_at, hash",
                             arguments: [org]).compactMap(Self.tokenInfo(from:))
        }
    }

    public func revokeToken(id: String, now: Date) async throws -> TokenRevocation {
        try await pool.write { db in
            guard let info = try Row.fetchOne(db, sql: "SELECT \(Self.tokenColumns) FROM tokens WHERE substr(hash, 1, ?) = ?",
                                               arguments: [TokenInfo.idLength, id]).flatMap(Self.tokenInfo(from:)) else {
                return .notFound
            }
            if info.revokedAt != nil { return .alreadyRevoked(info) }
            try db.execute(sql: "UPDATE tokens SET revoked_at = ? WHERE substr(hash, 1, ?) = ?",
                           arguments: [Milliseconds.from(now), TokenInfo.idLength, id])
            var revoked = info
            revoked.revokedAt = Milliseconds.date(Milliseconds.from(now))
            return .revoked(revoked)
        }
    }

    private static let tokenColumns = "hash, org, role, created_at, expires_at, revoked_at"

    private static func tokenInfo(from row: Row) -> TokenInfo? {
        guard let role = Role(rawValue: row["role"]) else { return nil }
        let expiresAt: Int64? = row["expires_at"]
        let revokedAt: Int64? = row["revoked_at"]
        return TokenInfo(id: TokenInfo.id(forHash: row["hash"]), org: row["org"], role: role,
                         createdAt: Milliseconds.date(row["created_at"]), expiresAt: expiresAt.map(Milliseconds.date),
                         revokedAt: revokedAt.map(Milliseconds.date))
    }

    // MARK: Push

    public func push(org: String, batch: PushBatch, author: String, owner: String, now: Date) async throws -> PushOutcome {
        try await pool.write { db in
            guard let orgInfo = try Self.fetchOrg(db, slug: org) else { throw StoreFailure.unknownOrg(org) }
            let state = try Self.readState(db, org: orgInfo, batch: batch, owner: owner)
            let plan = PushPlanner.plan(batch, state: state, author: author, now: now)
            if case .completed = plan.outcome {
                try Self.write(plan, db: db, org: org, clientId: batch.clientId, owner: owner)
            }
            return plan.outcome
        }
    }

    private static func readState(_ db: Database, org: OrgInfo, batch: PushBatch, owner: String) throws -> PushState {
        let client = try Row.fetchOne(db, sql: "SELECT last_mutation_id, owner FROM clients WHERE org = ? AND client_id = ?",
                                      arguments: [org.slug, batch.clientId])
        try ClientOwnership.check(stored: client?["owner"], pushing: owner, clientId: batch.clientId)
        let last: Int64 = client?["last_mutation_id"] ?? 0
        var previous: [Int64: StoredResult] = [:]
        if let first = batch.firstId, first <= last {
            let rows = try Row.fetchAll(db, sql: """
                SELECT mutation_id, status, version, reason FROM mutation_results
                WHERE org = ? AND client_id = ? AND mutation_id BETWEEN ? AND ?
                """, arguments: [org.slug, batch.clientId, first, min(last, batch.lastId ?? first)])
            for row in rows {
                let result = StoredResult(mutationId: row["mutation_id"],
                                          status: MutationStatus(rawValue: row["status"]) ?? .applied,
                                          version: row["version"], reason: row["reason"])
                previous[result.mutationId] = result
            }
        }
        let keys = PushPlanner.recordKeys(batch, clientLastMutationId: last, previousResults: previous)
            .union(try stampHoldingKeys(db, org: org.slug, pairs: StampHoldings.pairs(batch, clientLastMutationId: last)))
        var records = try currentRecords(db, org: org.slug, keys: keys)
        for query in PushPlanner.referrerQueries(batch, clientLastMutationId: last) {
            for record in try referrers(db, org: org.slug, query) {
                records[RecordKey(entity: record.entity, id: record.id)] = record
            }
        }
        let follow = PushPlanner.admissionFollowKeys(batch, clientLastMutationId: last, records: records)
        records.merge(try currentRecords(db, org: org.slug, keys: follow)) { _, read in read }
        return PushState(org: org, clientLastMutationId: last, previousResults: previous, records: records)
    }

    /// Live records whose reference field names one of the records a batch deletes.
    private static func referrers(_ db: Database, org: String, _ query: PushPlanner.ReferrerQuery) throws -> [RemoteRecord] {
        var found: [RemoteRecord] = []
        if query.field.isEmpty {
            let rows = try Row.fetchCursor(db, sql: """
                SELECT entity, id, version, deleted, fields, changed_by, changed_at FROM records
                WHERE org = ? AND entity = ? AND deleted = 0
                """, arguments: [org, query.entity])
            while let row = try rows.next() { found.append(try record(from: row)) }
            return found
        }
        for start in stride(from: 0, to: query.targetIds.count, by: Self.idsPerQuery) {
            let chunk = query.targetIds[start..<min(start + Self.idsPerQuery, query.targetIds.count)]
            let marks = Array(repeating: "?", count: chunk.count).joined(separator: ",")
            let rows = try Row.fetchCursor(db, sql: """
                SELECT entity, id, version, deleted, fields, changed_by, changed_at FROM records
                WHERE org = ? AND entity = ? AND deleted = 0 AND json_extract(fields, ?) IN (\(marks))
                """, arguments: StatementArguments([org, query.entity, "$." + query.field]
                                                  + chunk.map { $0 as any DatabaseValueConvertible }))
            while let row = try rows.next() { found.append(try record(from: row)) }
        }
        return found
    }

    /// The stored rows of `keys`, read per entity with `id IN (…)` a chunk at a time: one
    /// statement for a whole batch instead of one per mutation.
    static func currentRecords(_ db: Database, org: String, keys: Set<RecordKey>) throws -> [RecordKey: RemoteRecord] {
        var records: [RecordKey: RemoteRecord] = [:]
        records.reserveCapacity(keys.count)
        let byEntity = Dictionary(grouping: keys, by: \.entity)
        for (entity, entityKeys) in byEntity {
            let ids = entityKeys.map(\.id)
            for start in stride(from: 0, to: ids.count, by: Self.idsPerQuery) {
                let chunk = ids[start..<min(start + Self.idsPerQuery, ids.count)]
                let marks = Array(repeating: "?", count: chunk.count).joined(separator: ",")
                let rows = try Row.fetchCursor(db, sql: """
                    SELECT entity, id, version, deleted, fields, changed_by, changed_at FROM records
                    WHERE org = ? AND entity = ? AND id IN (\(marks))
                    """, arguments: StatementArguments([org, entity] + chunk.map { $0 as any DatabaseValueConvertible }))
                while let row = try rows.next() {
                    let record = try record(from: row)
                    records[RecordKey(entity: record.entity, id: record.id)] = record
                }
            }
        }
        return records
    }

    /// Well under SQLite's limit on bound parameters.
    private static let idsPerQuery = 500

    private static func write(_ plan: PushPlan, db: Database, org: String, clientId: String, owner: String) throws {
        try writeRecords(plan.recordWrites, history: plan.historyWrites, lastSeq: plan.newLastSeq, db: db, org: org)
        let result = try db.cachedStatement(sql: """
            INSERT INTO mutation_results (org, client_id, mutation_id, status, version, reason) VALUES (?, ?, ?, ?, ?, ?)
            """)
        for stored in plan.newResults {
            try result.execute(arguments: [org, clientId, stored.mutationId, stored.status.rawValue, stored.version,
                                           stored.reason])
        }
        try db.execute(sql: """
            INSERT INTO clients (org, client_id, last_mutation_id, owner) VALUES (?, ?, ?, ?)
            ON CONFLICT (org, client_id) DO UPDATE SET last_mutation_id = excluded.last_mutation_id, owner = excluded.owner
            """, arguments: [org, clientId, plan.newClientLastMutationId, owner])
    }

    /// Records with their history rows and the organization's new last number: what a push and
    /// a store-made change (`change`) both write.
    static func writeRecords(_ writes: [StoredRecord], history: [HistoryWrite], lastSeq: Int64, db: Database,
                             org: String) throws {
        // Cached statements: a batch runs the same three statements hundreds of times, and
        // compiling each one anew cost more than executing it.
        let upsert = try db.cachedStatement(sql: """
            INSERT INTO records (org, entity, id, version, deleted, fields, sort_start, sort_end, changed_at, changed_by)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (org, entity, id) DO UPDATE SET
                version = excluded.version, deleted = excluded.deleted, fields = excluded.fields,
                sort_start = excluded.sort_start, sort_end = excluded.sort_end, changed_at = excluded.changed_at,
                changed_by = excluded.changed_by
            """)
        for write in writes {
            try upsert.execute(arguments: [org, write.record.entity, write.record.id, write.record.version,
                                           write.record.deleted, write.fieldsText, write.sortStart, write.sortEnd,
                                           write.changedAt, write.changedBy])
        }
        try writeHistory(history, db: db, org: org)
        try applyQueueChanges(of: writes, db: db, org: org)
        try db.execute(sql: "UPDATE orgs SET last_seq = ? WHERE slug = ?", arguments: [lastSeq, org])
    }

    // MARK: Reads

    public func changes(org: String, after cursor: SyncCursor, limit: Int) async throws -> ChangesPage {
        try await pool.read { db in
            // One read transaction: the org's purge mark and the records come from one snapshot.
            guard let info = try Self.fetchOrg(db, slug: org) else { throw StoreFailure.unknownOrg(org) }
            try FeedRules.check(cursor, org: info)
            let rows = try Row.fetchAll(db, sql: """
                SELECT entity, id, version, deleted, fields, changed_by, changed_at FROM records
                WHERE org = ? AND version > ? ORDER BY version LIMIT ?
                """, arguments: [org, cursor.sequence, limit + 1])
            return FeedRules.page(try rows.map(Self.record(from:)), after: cursor, org: info, limit: limit)
        }
    }

    public func allRecords(org: String) async throws -> [RemoteRecord] {
        try await pool.read { db in
            try Row.fetchAll(db, sql: "SELECT entity, id, version, deleted, fields FROM records WHERE org = ? ORDER BY entity, id",
                             arguments: [org]).map(Self.record(from:))
        }
    }

    public func purgeTombstones(org: String, olderThan: Date) async throws -> PurgeOutcome {
        try await pool.write { db in
            guard let info = try Self.fetchOrg(db, slug: org) else { throw StoreFailure.unknownOrg(org) }
            let cutoff = Milliseconds.from(olderThan)
            let highest = try Int64.fetchOne(db, sql: """
                SELECT MAX(version) FROM records WHERE org = ? AND deleted = 1 AND changed_at <= ?
                """, arguments: [org, cutoff])
            try db.execute(sql: "DELETE FROM records WHERE org = ? AND deleted = 1 AND changed_at <= ?", arguments: [org, cutoff])
            let count = db.changesCount
            let through = max(info.purgedThroughSeq, highest ?? 0)
            try db.execute(sql: "UPDATE orgs SET purged_through_seq = ? WHERE slug = ?", arguments: [through, org])
            return PurgeOutcome(purgedCount: count, purgedThroughSeq: through)
        }
    }

    public func close() async throws {
        try pool.close()
    }

    // MARK: Rows

    static func fetchOrg(_ db: Database, slug: String) throws -> OrgInfo? {
        try Row.fetchOne(db, sql: """
            SELECT slug, name, time_zone, last_seq, purged_through_seq, store_id FROM orgs WHERE slug = ?
            """, arguments: [slug]).map { row in
            OrgInfo(slug: row["slug"], name: row["name"], timeZone: row["time_zone"],
                    lastSeq: row["last_seq"], purgedThroughSeq: row["purged_through_seq"], storeId: row["store_id"])
        }
    }

    /// A record from its row; with the author columns when the row has them (the feed and
    /// conflict answers say who made each version, the phone apps' reads do not).
    static func record(from row: Row) throws -> RemoteRecord {
        try RecordColumns.record(entity: row["entity"], id: row["id"], version: row["version"],
                                 deleted: row["deleted"], fieldsText: row["fields"],
                                 changedBy: row.hasColumn("changed_by") ? row["changed_by"] : nil,
                                 changedAt: row.hasColumn("changed_at") ? row["changed_at"] : nil)
    }
}
