import Foundation
import Logging
import PostgresNIO
import ServiceLifecycle
import StewardCore
import Synchronization

/// The store on PostgreSQL: for several steward-store processes serving one database.
///
/// Ordering: a push locks its organization's row (`SELECT … FOR UPDATE`) before it reads
/// anything, and holds the lock until commit. Pushes of one organization therefore run one after
/// the other; each takes the next numbers of the sequence, and a number is visible to readers
/// only after every smaller one has committed, so a pull that has seen n never later meets a
/// smaller number. Taking the lock first (not only when numbering) also makes the duplicate
/// check exact when two deliveries of one batch arrive together.
public final class PostgresStoreRepository: StoreRepository, Service {
    public let client: PostgresClient
    let logger: Logger
    /// Attempts for a transaction that fails in a way that may pass (deadlock, serialization
    /// failure, lost connection) before the request answers 503.
    let maxAttempts: Int
    /// The longest one attempt of a transaction may take, waiting for a connection included.
    let attemptTimeout: Duration
    /// What the store says about where it connects, for errors (no password).
    let target: String

    public init(configuration: PostgresClient.Configuration, logger: Logger, maxAttempts: Int = 4,
                attemptTimeout: Duration = .seconds(10)) {
        var configuration = configuration
        configuration.options.maximumConnections = 16
        self.client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        self.logger = logger
        self.maxAttempts = maxAttempts
        self.attemptTimeout = attemptTimeout
        self.target = "\(configuration.host ?? "?"):\(configuration.port ?? 5432)/\(configuration.database ?? "")"
    }

    /// Set when `run()` starts the pool.
    private let poolStarted = Mutex(false)

    /// Runs the connection pool until the task is cancelled or the service group shuts down.
    /// Must be running for any query to proceed: `serve` runs the repository as a service;
    /// commands and tests run it in a task.
    public func run() async {
        poolStarted.withLock { $0 = true }
        await client.run()
    }

    /// Waits until `run()` has been called, so the schema creation that starts beside it does
    /// not ask the pool for a connection first (harmless, but PostgresNIO logs a warning).
    private func waitForPool() async throws {
        for _ in 0..<400 where !poolStarted.withLock({ $0 }) {
            try await Task.sleep(for: .milliseconds(5))
        }
        // `run()` marks the client as running in its first step; let it take that step.
        try await Task.sleep(for: .milliseconds(5))
    }

    public func migrate() async throws {
        try await waitForPool()
        do {
            try await transaction(timeout: .seconds(30)) { connection, logger in
                try await PostgresSchema.create(on: connection, logger: logger)
            }
        } catch StoreFailure.unavailable(let detail) {
            throw StoreFailure.unavailable("cannot reach PostgreSQL at \(target): \(detail)")
        }
    }

    public func checkHealth() async throws {
        try await transaction(timeout: .seconds(5)) { connection, logger in
            _ = try await connection.query("SELECT 1", logger: logger).collect()
        }
    }

    // MARK: Organizations and tokens

    public func addOrg(_ org: OrgInfo) async throws {
        try await transaction { connection, logger in
            let rows = try await connection.query("""
                INSERT INTO orgs (slug, name, time_zone) VALUES (\(org.slug), \(org.name), \(org.timeZone))
                ON CONFLICT (slug) DO NOTHING RETURNING slug
                """, logger: logger).collect()
            if rows.isEmpty { throw StoreFailure.orgExists(org.slug) }
        }
    }

    public func org(slug: String) async throws -> OrgInfo? {
        try await transaction(singleStatement: true) { connection, logger in try await Self.fetchOrg(connection, slug: slug, lock: false, logger: logger) }
    }

    public func orgSlugs() async throws -> [String] {
        try await transaction { connection, logger in
            var slugs: [String] = []
            for try await slug in try await connection.query("SELECT slug FROM orgs ORDER BY slug", logger: logger).decode(String.self) {
                slugs.append(slug)
            }
            return slugs
        }
    }

    public func addToken(hash: String, grant: TokenGrant, createdAt: Date, expiresAt: Date?, replacing: String?) async throws {
        try await transaction { connection, logger in
            guard try await Self.fetchOrg(connection, slug: grant.org, lock: false, logger: logger) != nil else {
                throw StoreFailure.unknownOrg(grant.org)
            }
            let created = Milliseconds.from(createdAt)
            try await connection.query("""
                INSERT INTO tokens (hash, org, role, created_at, expires_at)
                VALUES (\(hash), \(grant.org), \(grant.role.rawValue), \(created), \(expiresAt.map(Milliseconds.from)))
                """, logger: logger)
            guard let replacing else { return }
            let old = try await connection.query("""
                UPDATE tokens SET revoked_at = COALESCE(revoked_at, \(created))
                WHERE org = \(grant.org) AND substr(hash, 1, \(Int32(TokenInfo.idLength))) = \(replacing) RETURNING hash
                """, logger: logger).collect()
            guard !old.isEmpty else { throw StoreFailure.unknownToken(replacing) }
            try await connection.query("""
                UPDATE clients SET owner = \(TokenRotation.owner(hash: hash))
                WHERE org = \(grant.org) AND owner = \(TokenRotation.owner(id: replacing))
                """, logger: logger)
        }
    }

    public func token(forHash hash: String) async throws -> TokenInfo? {
        try await transaction(singleStatement: true) { connection, logger in
            try await Self.tokenInfos(connection.query("""
                SELECT hash, org, role, created_at, expires_at, revoked_at FROM tokens WHERE hash = \(hash)
                """, logger: logger)).first
        }
    }

    public func tokens(org: String) async throws -> [TokenInfo] {
        try await transaction { connection, logger in
            try await Self.tokenInfos(connection.query("""
                SELECT hash, org, role, created_at, expires_at, revoked_at FROM tokens WHERE org = \(org)
                ORDER BY created_at, hash
                """, logger: logger))
        }
    }

    public func revokeToken(id: String, now: Date) async throws -> TokenRevocation {
        try await transaction { connection, logger in
            let length = Int32(TokenInfo.idLength)
            guard let info = try await Self.tokenInfos(connection.query("""
                SELECT hash, org, role, created_at, expires_at, revoked_at FROM tokens
                WHERE substr(hash, 1, \(length)) = \(id) FOR UPDATE
                """, logger: logger)).first else { return .notFound }
            if info.revokedAt != nil { return .alreadyRevoked(info) }
            let at = Milliseconds.from(now)
            try await connection.query("UPDATE tokens SET revoked_at = \(at) WHERE substr(hash, 1, \(length)) = \(id)",
                                       logger: logger)
            var revoked = info
            revoked.revokedAt = Milliseconds.date(at)
            return .revoked(revoked)
        }
    }

    private static func tokenInfos(_ rows: PostgresRowSequence) async throws -> [TokenInfo] {
        var tokens: [TokenInfo] = []
        for try await (hash, org, role, created, expires, revoked)
            in rows.decode((String, String, String, Int64, Int64?, Int64?).self) {
            guard let role = Role(rawValue: role) else { continue }
            tokens.append(TokenInfo(id: TokenInfo.id(forHash: hash), org: org, role: role, createdAt: Milliseconds.date(created),
                                    expiresAt: expires.map(Milliseconds.date), revokedAt: revoked.map(Milliseconds.date)))
        }
        return tokens
    }

    // MARK: Push

    public func push(org: String, batch: PushBatch, author: String, owner: String, now: Date) async throws -> PushOutcome {
        try await transaction { connection, logger in
            guard let info = try await Self.fetchOrg(connection, slug: org, lock: true, logger: logger) else {
                throw StoreFailure.unknownOrg(org)
            }
            let state = try await Self.readState(connection, org: info, batch: batch, owner: owner, logger: logger)
            let plan = PushPlanner.plan(batch, state: state, author: author, now: now)
            if case .completed = plan.outcome {
                try await Self.write(plan, connection: connection, org: org, clientId: batch.clientId, owner: owner,
                                     logger: logger)
            }
            return plan.outcome
        }
    }

    private static func readState(_ connection: PostgresConnection, org: OrgInfo, batch: PushBatch, owner: String,
                                  logger: Logger) async throws -> PushState {
        var last: Int64 = 0
        var storedOwner: String?
        for try await (value, owner) in try await connection.query("""
            SELECT last_mutation_id, owner FROM clients WHERE org = \(org.slug) AND client_id = \(batch.clientId)
            """, logger: logger).decode((Int64, String?).self) {
            last = value
            storedOwner = owner
        }
        try ClientOwnership.check(stored: storedOwner, pushing: owner, clientId: batch.clientId)
        var previous: [Int64: StoredResult] = [:]
        if let first = batch.firstId, first <= last {
            let through = min(last, batch.lastId ?? first)
            let rows = try await connection.query("""
                SELECT mutation_id, status, version, reason FROM mutation_results
                WHERE org = \(org.slug) AND client_id = \(batch.clientId) AND mutation_id BETWEEN \(first) AND \(through)
                """, logger: logger)
            for try await (id, status, version, reason) in rows.decode((Int64, String, Int64?, String?).self) {
                previous[id] = StoredResult(mutationId: id, status: MutationStatus(rawValue: status) ?? .applied,
                                            version: version, reason: reason)
            }
        }
        let wanted = PushPlanner.recordKeys(batch, clientLastMutationId: last, previousResults: previous)
            .union(try await stampHoldingKeys(connection, org: org.slug,
                                              pairs: StampHoldings.pairs(batch, clientLastMutationId: last), logger: logger))
        var records = try await currentRecords(connection, org: org.slug, keys: wanted, logger: logger)
        // Live records whose reference field names one the batch deletes.
        for query in PushPlanner.referrerQueries(batch, clientLastMutationId: last) {
            // An empty field reads the entity whole (a singleton such as the ride settings).
            let rows = query.field.isEmpty ? try await connection.query("""
                SELECT entity, id, version, deleted, fields, changed_by, changed_at FROM records
                WHERE org = \(org.slug) AND entity = \(query.entity) AND NOT deleted
                """, logger: logger) : try await connection.query("""
                SELECT entity, id, version, deleted, fields, changed_by, changed_at FROM records
                WHERE org = \(org.slug) AND entity = \(query.entity) AND NOT deleted
                  AND (\(unescaped: Self.castableFields)::jsonb ->> \(query.field)) = ANY(\(query.targetIds))
                """, logger: logger)
            for record in try await Self.recordsWithAuthors(rows) {
                records[RecordKey(entity: record.entity, id: record.id)] = record
            }
        }
        let follow = PushPlanner.admissionFollowKeys(batch, clientLastMutationId: last, records: records)
        records.merge(try await currentRecords(connection, org: org.slug, keys: follow, logger: logger)) { _, read in read }
        return PushState(org: org, clientLastMutationId: last, previousResults: previous, records: records)
    }

    /// `fields` as jsonb can take it. A record stored before the store refused NUL holds the
    /// escape `\u0000` in its text, which jsonb refuses: the failed cast would fail every push
    /// that reads such records. Read as U+FFFD here, the stored text left as it is (a `\\u0000`,
    /// an escaped backslash before "u0000", stays valid JSON either way).
    static let castableFields = #"replace(fields, '\u0000', '\ufffd')"#

    /// The stored rows of `keys`, in one statement: one primary-key lookup per (entity, id).
    /// Matching on the id alone reached the key's third column only, so PostgreSQL read every
    /// record of the organization (128 ms a check-in with a million ledger entries).
    static func currentRecords(_ connection: PostgresConnection, org: String, keys: Set<RecordKey>,
                               logger: Logger) async throws -> [RecordKey: RemoteRecord] {
        var records: [RecordKey: RemoteRecord] = [:]
        guard !keys.isEmpty else { return records }
        let ordered = Array(keys)
        let rows = try await connection.query("""
            SELECT r.entity, r.id, r.version, r.deleted, r.fields, r.changed_by, r.changed_at
            FROM UNNEST(\(ordered.map(\.entity))::text[], \(ordered.map(\.id))::text[]) AS k(entity, id)
            JOIN records r ON r.org = \(org) AND r.entity = k.entity AND r.id = k.id
            """, logger: logger)
        for record in try await Self.recordsWithAuthors(rows) {
            records[RecordKey(entity: record.entity, id: record.id)] = record
        }
        return records
    }

    /// Writes a decided batch with one statement per table (arrays through UNNEST): a batch of
    /// a thousand mutations costs four round trips, not two thousand. PostgresNIO cannot bind
    /// arrays with NULL elements, so nullable columns travel as a value array plus a
    /// "present" flag array.
    private static func write(_ plan: PushPlan, connection: PostgresConnection, org: String, clientId: String,
                              owner: String, logger: Logger) async throws {
        try await writeRecords(plan.recordWrites, history: plan.historyWrites, lastSeq: plan.newLastSeq,
                               connection: connection, org: org, logger: logger)
        let results = plan.newResults
        if !results.isEmpty {
            try await connection.query("""
                INSERT INTO mutation_results (org, client_id, mutation_id, status, version, reason)
                SELECT \(org), \(clientId), r.id, r.status,
                       CASE WHEN r.has_version THEN r.version END, CASE WHEN r.has_reason THEN r.reason END
                FROM UNNEST(\(results.map(\.mutationId))::bigint[], \(results.map(\.status.rawValue))::text[],
                            \(results.map { $0.version != nil })::boolean[], \(results.map { $0.version ?? 0 })::bigint[],
                            \(results.map { $0.reason != nil })::boolean[], \(results.map { $0.reason ?? "" })::text[])
                     AS r(id, status, has_version, version, has_reason, reason)
                """, logger: logger)
        }
        try await connection.query("""
            INSERT INTO clients (org, client_id, last_mutation_id, owner)
            VALUES (\(org), \(clientId), \(plan.newClientLastMutationId), \(owner))
            ON CONFLICT (org, client_id) DO UPDATE SET last_mutation_id = EXCLUDED.last_mutation_id, owner = EXCLUDED.owner
            """, logger: logger)
    }

    /// Records with their history rows and the organization's new last number: what a push and
    /// a store-made change (`change`) both write. One call has one author and one time.
    static func writeRecords(_ recordWrites: [StoredRecord], history: [HistoryWrite], lastSeq: Int64,
                             connection: PostgresConnection, org: String, logger: Logger) async throws {
        // ON CONFLICT DO UPDATE may touch a row only once per statement: keep each record's
        // last write of the batch (the others are superseded inside the same transaction).
        var lastWrite: [RecordKey: StoredRecord] = [:]
        for write in recordWrites {
            lastWrite[RecordKey(entity: write.record.entity, id: write.record.id)] = write
        }
        let writes = Array(lastWrite.values)
        // One push has one author and one time.
        if let changedAt = writes.first?.changedAt, let changedBy = writes.first?.changedBy {
            try await connection.query("""
                INSERT INTO records (org, entity, id, version, deleted, fields, sort_start, sort_end, changed_at, changed_by)
                SELECT \(org), r.entity, r.id, r.version, r.deleted, r.fields,
                       CASE WHEN r.has_start THEN r.sort_start END, CASE WHEN r.has_end THEN r.sort_end END,
                       \(changedAt), \(changedBy)
                FROM UNNEST(\(writes.map(\.record.entity))::text[], \(writes.map(\.record.id))::text[],
                            \(writes.map(\.record.version))::bigint[], \(writes.map(\.record.deleted))::boolean[],
                            \(writes.map(\.fieldsText))::text[],
                            \(writes.map { $0.sortStart != nil })::boolean[], \(writes.map { $0.sortStart ?? 0 })::bigint[],
                            \(writes.map { $0.sortEnd != nil })::boolean[], \(writes.map { $0.sortEnd ?? 0 })::bigint[])
                     AS r(entity, id, version, deleted, fields, has_start, sort_start, has_end, sort_end)
                ON CONFLICT (org, entity, id) DO UPDATE SET
                    version = EXCLUDED.version, deleted = EXCLUDED.deleted, fields = EXCLUDED.fields,
                    sort_start = EXCLUDED.sort_start, sort_end = EXCLUDED.sort_end, changed_at = EXCLUDED.changed_at,
                    changed_by = EXCLUDED.changed_by
                """, logger: logger)
        }
        try await writeHistory(history, connection: connection, org: org, logger: logger)
        try await applyQueueChanges(of: writes, connection: connection, org: org, logger: logger)
        try await connection.query("UPDATE orgs SET last_seq = \(lastSeq) WHERE slug = \(org)", logger: logger)
    }

    // MARK: Reads

    public func changes(org: String, after cursor: SyncCursor, limit: Int) async throws -> ChangesPage {
        // REPEATABLE READ: the purge mark and the records come from one snapshot, as with SQLite.
        try await transaction(isolation: "REPEATABLE READ READ ONLY") { connection, logger in
            guard let info = try await Self.fetchOrg(connection, slug: org, lock: false, logger: logger) else {
                throw StoreFailure.unknownOrg(org)
            }
            try FeedRules.check(cursor, org: info)
            let rows = try await connection.query("""
                SELECT entity, id, version, deleted, fields, changed_by, changed_at FROM records
                WHERE org = \(org) AND version > \(cursor.sequence) ORDER BY version LIMIT \(Int64(limit + 1))
                """, logger: logger)
            return FeedRules.page(try await Self.recordsWithAuthors(rows), after: cursor, org: info, limit: limit)
        }
    }

    public func allRecords(org: String) async throws -> [RemoteRecord] {
        try await transaction { connection, logger in
            let rows = try await connection.query("""
                SELECT entity, id, version, deleted, fields FROM records WHERE org = \(org) ORDER BY entity, id
                """, logger: logger)
            return try await Self.records(rows)
        }
    }

    public func purgeTombstones(org: String, olderThan: Date) async throws -> PurgeOutcome {
        try await transaction { connection, logger in
            // The org lock keeps a purge from interleaving with a push's numbering.
            guard let info = try await Self.fetchOrg(connection, slug: org, lock: true, logger: logger) else {
                throw StoreFailure.unknownOrg(org)
            }
            let cutoff = Milliseconds.from(olderThan)
            var count = 0
            var highest: Int64 = 0
            let rows = try await connection.query("""
                DELETE FROM records WHERE org = \(org) AND deleted AND changed_at <= \(cutoff) RETURNING version
                """, logger: logger)
            for try await version in rows.decode(Int64.self) {
                count += 1
                highest = max(highest, version)
            }
            let through = max(info.purgedThroughSeq, highest)
            try await connection.query("UPDATE orgs SET purged_through_seq = \(through) WHERE slug = \(org)", logger: logger)
            return PurgeOutcome(purgedCount: count, purgedThroughSeq: through)
        }
    }

    public func close() async throws {}

    // MARK: Rows

    static func fetchOrg(_ connection: PostgresConnection, slug: String, lock: Bool,
                                 logger: Logger) async throws -> OrgInfo? {
        let query: PostgresQuery = lock
            ? "SELECT slug, name, time_zone, last_seq, purged_through_seq, store_id FROM orgs WHERE slug = \(slug) FOR UPDATE"
            : "SELECT slug, name, time_zone, last_seq, purged_through_seq, store_id FROM orgs WHERE slug = \(slug)"
        let rows = try await connection.query(query, logger: logger)
        for try await (slug, name, zone, last, purged, storeId)
            in rows.decode((String, String, String, Int64, Int64, String).self) {
            return OrgInfo(slug: slug, name: name, timeZone: zone, lastSeq: last, purgedThroughSeq: purged, storeId: storeId)
        }
        return nil
    }

    /// Rows of `entity, id, version, deleted, fields, changed_by, changed_at`: the feed and
    /// conflict answers say who made each version.
    static func recordsWithAuthors(_ rows: PostgresRowSequence) async throws -> [RemoteRecord] {
        var records: [RemoteRecord] = []
        for try await (entity, id, version, deleted, fields, changedBy, changedAt)
            in rows.decode((String, String, Int64, Bool, String, String?, Int64).self) {
            records.append(try RecordColumns.record(entity: entity, id: id, version: version, deleted: deleted, fieldsText: fields,
                                                    changedBy: changedBy, changedAt: changedAt))
        }
        return records
    }

    private static func records(_ rows: PostgresRowSequence) async throws -> [RemoteRecord] {
        var records: [RemoteRecord] = []
        for try await (entity, id, version, deleted, fields) in rows.decode((String, String, Int64, Bool, String).self) {
            records.append(try RecordColumns.record(entity: entity, id: id, version: version, deleted: deleted, fieldsText: fields))
        }
        return records
    }
}
