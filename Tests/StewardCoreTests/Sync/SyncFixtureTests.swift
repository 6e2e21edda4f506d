import Foundation
import GRDB
import Testing
@testable import StewardCore

/// An in-process store with the protocol's semantics (consecutive ids, duplicates with the
/// first result, conflicts on a stale base, rejections, a version-ordered feed with tombstones
/// and purging) and scripted faults, for driving the sync engine precisely.
actor FakeStore: SyncTransport {
    enum Fault: Sendable {
        /// Answer this instead of handling the request.
        case fail(SyncTransportError)
        /// Handle the request (commit) and then lose the answer.
        case loseAnswer(HTTPClientError)
    }

    nonisolated let storeURL = "https://fake.store"
    private(set) var records: [String: RemoteRecord] = [:]
    private(set) var lastSeq: Int64 = 0
    private(set) var clientLast: [String: Int64] = [:]
    private var results: [String: [Int64: MutationResult]] = [:]
    /// Versions at or below this have had their tombstones purged: older cursors get 410.
    private(set) var purgedThrough: Int64 = 0
    /// Who this store says it is (`PullResponse.storeId`); `becomeANewStore` changes it.
    private(set) var storeId = "fake-store-1"
    /// Records whose mutations are refused with this reason.
    var refuse: [String: String] = [:]
    /// Whether a replayed result keeps its record (the real store drops it).
    var replayKeepsRecord = false

    private var pushFaults: [Fault] = []
    private var pullFaults: [Fault] = []
    private(set) var pushRequests: [PushRequest] = []
    private(set) var pullCursors: [String] = []
    /// How many times each (client, mutation id) was applied (must never exceed 1).
    private(set) var applications: [String: Int] = [:]

    /// Every change of each record, oldest first, as the real store keeps it.
    private(set) var histories: [String: [HistoryEntry]] = [:]
    private var historyFaults: [Fault] = []
    private(set) var historyRequests: [String] = []
    /// Who the store says made the changes pushed to it (the real store: the token's staff member).
    var pushAuthor = "token:staff"

    func failPushes(_ faults: [Fault]) { pushFaults += faults }
    func failHistory(_ faults: [Fault]) { historyFaults += faults }
    func setPushAuthor(_ author: String) { pushAuthor = author }
    func failPulls(_ faults: [Fault]) { pullFaults += faults }
    func setRefused(_ id: UUID, reason: String?) { refuse[UUIDColumn.encode(id)] = reason }
    func setReplayKeepsRecord(_ value: Bool) { replayKeepsRecord = value }

    func push(_ request: PushRequest) async throws(SyncTransportError) -> PushResponse {
        pushRequests.append(request)
        let fault = pushFaults.isEmpty ? nil : pushFaults.removeFirst()
        if case .fail(let error) = fault { throw error }
        let response = try handle(request)
        if case .loseAnswer(let error) = fault { throw .transport(error) }
        return response
    }

    func history(entity: String, recordId: String) async throws(SyncTransportError) -> HistoryResponse {
        historyRequests.append(recordId)
        if let fault = historyFaults.isEmpty ? nil : historyFaults.removeFirst(), case .fail(let error) = fault {
            throw error
        }
        return HistoryResponse(entries: histories[recordId] ?? [])
    }

    func pull(cursor: String, limit: Int) async throws(SyncTransportError) -> PullResponse {
        pullCursors.append(cursor)
        let fault = pullFaults.isEmpty ? nil : pullFaults.removeFirst()
        if case .fail(let error) = fault { throw error }
        // Cursors carry the purge mark they were given under: one from before a purge that
        // points into purged history answers 410; one from a full read after it does not.
        let parts = cursor.split(separator: ".")
        let sequence = cursor.isEmpty ? 0 : parts.count >= 2 ? Int64(parts[1]) : nil
        let mark = parts.count == 3 ? Int64(parts[2].dropFirst()) : 0
        guard let sequence, let mark, cursor.isEmpty || parts[0] == "s1" else {
            throw .status(400, ErrorResponse(error: "bad-request", message: "bad cursor"))
        }
        if sequence > 0 && sequence < purgedThrough && mark < purgedThrough {
            throw .status(410, ErrorResponse(error: "resync-required", message: "cursor too old"))
        }
        let after = records.values.filter { $0.version > sequence }.sorted { $0.version < $1.version }
        let page = Array(after.prefix(limit))
        let nextSequence = page.last?.version ?? sequence
        let next = "s1.\(nextSequence)" + (purgedThrough > 0 ? ".p\(purgedThrough)" : "")
        let response = PullResponse(changes: page, cursor: next, hasMore: after.count > page.count,
                                    storeId: storeId, purgedThrough: purgedThrough)
        if case .loseAnswer(let error) = fault { throw .transport(error) }
        return response
    }

    /// Client ids another credential owns: pushes under them answer 409 client-id-in-use.
    private(set) var ownedElsewhere: Set<String> = []
    func setOwnedElsewhere(_ clientId: String) { ownedElsewhere.insert(clientId) }

    private func handle(_ request: PushRequest) throws(SyncTransportError) -> PushResponse {
        let client = request.clientId
        if let expected = request.storeId, expected != storeId {
            throw .status(409, ErrorResponse(error: ErrorResponse.Code.storeChanged, message: "another store"))
        }
        if ownedElsewhere.contains(client) {
            throw .status(409, ErrorResponse(error: ErrorResponse.Code.clientIdInUse, message: "another credential pushes under this client id"))
        }
        let last = clientLast[client] ?? 0
        guard let first = request.mutations.first?.id else { return PushResponse(lastMutationId: last, results: []) }
        for (offset, mutation) in request.mutations.enumerated() where mutation.id != first + Int64(offset) {
            throw .status(400, ErrorResponse(error: "bad-request", message: "ids not consecutive"))
        }
        if first > last + 1 {
            throw .status(409, ErrorResponse(error: "mutation-gap", message: "gap", lastMutationId: last))
        }
        var answers: [MutationResult] = []
        for mutation in request.mutations {
            if mutation.id <= last {
                let previous = results[client]?[mutation.id]
                answers.append(MutationResult(id: mutation.id, status: .duplicate, version: previous?.version,
                                              reason: previous?.reason,
                                              record: replayKeepsRecord ? previous?.record : nil,
                                              originalStatus: previous?.status))
                continue
            }
            let result = decide(mutation)
            results[client, default: [:]][mutation.id] = result
            applications["\(client)#\(mutation.id)", default: 0] += 1
            answers.append(result)
        }
        clientLast[client] = max(last, request.mutations.last!.id)
        if forgetAfterHandling == client {
            results[client] = [:]
            forgetAfterHandling = nil
        }
        return PushResponse(lastMutationId: clientLast[client]!, results: answers)
    }

    private func decide(_ mutation: Mutation) -> MutationResult {
        if let reason = refuse[mutation.recordId] {
            return MutationResult(id: mutation.id, status: .rejected, reason: reason)
        }
        guard let type = RecordTypes.named(mutation.entity) else {
            return MutationResult(id: mutation.id, status: .rejected, reason: "unknown entity '\(mutation.entity)'")
        }
        var fields = JSONValue.object([:])
        if mutation.operation == .upsert {
            do {
                fields = try type.validate(mutation.fields ?? .null, orgZone: TimeZone(identifier: "America/Chicago")!)
            } catch {
                return MutationResult(id: mutation.id, status: .rejected, reason: error.description)
            }
        }
        if let current = records[mutation.recordId] {
            if mutation.baseVersion != current.version {
                return MutationResult(id: mutation.id, status: .conflict, version: current.version, record: current)
            }
        } else if mutation.baseVersion > 0 {
            return MutationResult(id: mutation.id, status: .rejected, reason: "unknown record")
        }
        lastSeq += 1
        store(RemoteRecord(entity: mutation.entity, id: mutation.recordId, version: lastSeq,
                           deleted: mutation.operation == .delete, fields: fields), by: pushAuthor)
        return MutationResult(id: mutation.id, status: .applied, version: lastSeq)
    }

    /// Stores a record's new version with who made it, and its history entry.
    private func store(_ record: RemoteRecord, by author: String) {
        var record = record
        let previous = records[record.id]
        record.changedBy = author
        record.changedAt = 1_800_000_000_000 + record.version
        records[record.id] = record
        histories[record.id, default: []].append(HistoryEntry(
            version: record.version, author: author, at: record.changedAt!,
            operation: record.deleted ? .delete : .upsert,
            changes: HistoryEntry.changes(from: previous.flatMap { $0.deleted ? nil : $0.fields },
                                          to: record.deleted ? nil : record.fields)))
    }

    // MARK: What the phone apps and the store's operators do

    /// A change made elsewhere (a phone app, another console): the record's next version.
    @discardableResult
    func remoteWrite(_ id: UUID, title: String, starts: String = "2026-12-06T16:30:00.000Z",
                     ends: String = "2026-12-06T17:45:00.000Z", by author: String = "app@grace.example") -> RemoteRecord {
        var fields: [String: JSONValue] = [
            "title": .string(title), "timing": .string("timed"), "startsAt": .string(starts),
            "endsAt": .string(ends), "timeZone": .string("America/Chicago"),
        ]
        fields["description"] = .string("")
        let details = try! EventDetails(syncFields: .object(fields))
        lastSeq += 1
        store(RemoteRecord(entity: "event", id: UUIDColumn.encode(id), version: lastSeq, deleted: false,
                           fields: details.syncFields), by: author)
        return records[UUIDColumn.encode(id)]!
    }

    /// A record of any type written elsewhere, its fields as given (not checked: a store with
    /// other rules, or a type this console does not know).
    @discardableResult
    func remoteWrite(entity: String, _ id: UUID, fields: JSONValue, by author: String = "app@grace.example") -> RemoteRecord {
        lastSeq += 1
        store(RemoteRecord(entity: entity, id: UUIDColumn.encode(id), version: lastSeq, deleted: false, fields: fields),
              by: author)
        return records[UUIDColumn.encode(id)]!
    }

    /// A record under an id as given, UUID or not (a store with other rules).
    @discardableResult
    func remoteWrite(entity: String, rawId: String, fields: JSONValue, by author: String = "app@grace.example") -> RemoteRecord {
        lastSeq += 1
        store(RemoteRecord(entity: entity, id: rawId, version: lastSeq, deleted: false, fields: fields), by: author)
        return records[rawId]!
    }

    func remoteDelete(_ id: UUID, by author: String = "app@grace.example") {
        lastSeq += 1
        store(RemoteRecord(entity: "event", id: UUIDColumn.encode(id), version: lastSeq,
                           deleted: true, fields: .object([:])), by: author)
    }

    /// Drops every tombstone: cursors from before now answer 410.
    func purgeTombstones() {
        records = records.filter { !$0.value.deleted }
        purgedThrough = lastSeq
    }

    /// Another, empty store now answers at this address (a new one, another organization's).
    func becomeANewStore() {
        records = [:]
        histories = [:]
        lastSeq = 0
        purgedThrough = 0
        clientLast = [:]
        results = [:]
        storeId = "fake-store-\(UUID().uuidString.prefix(8))"
    }

    /// This store restored from a backup taken when its newest version was `version`: later
    /// changes are gone, its identity is the same.
    func restoreBackup(throughVersion version: Int64) {
        records = records.filter { $0.value.version <= version }
        lastSeq = version
        for client in clientLast.keys { forgetMutations(of: client, after: 0) }
    }

    /// The store forgets this client's mutations after `last` (restored from a backup).
    func forgetMutations(of client: String, after last: Int64) {
        clientLast[client] = last
        results[client] = results[client]?.filter { $0.key <= last }
    }

    /// The store keeps this client's last id but no results (pruned, say).
    func forgetResults(of client: String) {
        results[client] = [:]
        forgetAfterHandling = client
    }
    private var forgetAfterHandling: String?

    func dump() -> String { RemoteRecord.canonicalDump(Array(records.values)) }
    func record(_ id: UUID) -> RemoteRecord? { records[UUIDColumn.encode(id)] }
    func maxApplications() -> Int { applications.values.max() ?? 0 }
}

/// A console database with one organization connected to a fake store.
struct SyncFixture {
    let database: AppDatabase
    let events: EventService
    let org: Organization
    let store: FakeStore

    init() async throws {
        database = try AppDatabase.inMemory()
        events = EventService(database: database)
        org = try await OrganizationService(database: database)
            .add(slug: "grace-church", name: "Grace Community Church", timeZone: "America/Chicago", kind: .church)
        try await RemoteService(database: database, credentials: MemoryCredentialStore())
            .connect(org, url: "https://fake.store", token: "t0ken")
        store = FakeStore()
    }

    /// An engine over the fake store; `failpoint` may throw to stop the sync there like a crash.
    func engine(attempts: Int = 4, pushBatchSize: Int = 1000,
                failpoint: (@Sendable (Failpoint) throws -> Void)? = nil) -> SyncEngine {
        let store = self.store
        return SyncEngine(
            database: database,
            options: SyncOptions(pushBatchSize: pushBatchSize,
                                 retry: RetryPolicy(maxAttempts: attempts, baseDelay: 0.001, maxDelay: 0.01),
                                 failpointHook: failpoint),
            transport: { _ in store })
    }

    func read<T: Sendable>(_ body: @Sendable (Database) throws -> T) async throws -> T {
        try await database.writer.read(body)
    }

    func outbox() async throws -> [(entry: OutboxEntry, mutationId: Int64?)] {
        try await read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM outbox ORDER BY seq").map { (try OutboxEntry(row: $0), $0["mutationId"]) }
        }
    }

    func remote() async throws -> Remote {
        try await read { [org] db in try #require(try Remote.fetch(orgId: org.id, db)) }
    }

    func event(_ id: UUID) async throws -> Event? {
        try await read { db in try Event.fetchOne(db, sql: "SELECT * FROM event WHERE id = ?", arguments: [UUIDColumn.encode(id)]) }
    }

    func conflicts() async throws -> [SyncConflict] {
        try await read { [org] db in try SyncIssues.conflicts(orgId: org.id, db) }
    }

    func deadLetters() async throws -> [DeadLetter] {
        try await read { [org] db in try SyncIssues.deadLetters(orgId: org.id, db) }
    }

    func dump() async throws -> String {
        try await SyncDump.canonical(orgId: org.id, database: database)
    }

    @discardableResult
    func create(_ title: String) async throws -> Event {
        try await events.create(.timed(title), in: org)
    }

    @discardableResult
    func rename(_ id: UUID, _ title: String) async throws -> Event {
        try await events.update(id, with: .timed(title), in: org)
    }
}

/// What a test's failpoint hook throws: the sync stops there as if the process died.
struct SimulatedCrash: Error {}

@Suite struct SyncFixtureTests {
    @Test func theFakeStoreAnswersAReplayAsDuplicateWithTheFirstResult() async throws {
        let store = FakeStore()
        let id = UUID()
        let fields = try #require(try? EventDetails(syncFields: .object([
            "title": "A", "timing": "untimed"].mapValues { JSONValue.string($0) })).syncFields)
        let request = PushRequest(clientId: "c", mutations: [
            Mutation(id: 1, entity: "event", recordId: UUIDColumn.encode(id), operation: .upsert, baseVersion: 0, fields: fields),
        ])
        let first = try await store.push(request)
        let again = try await store.push(request)
        #expect(first.results.map(\.status) == [.applied])
        #expect(again.results.map(\.status) == [.duplicate])
        #expect(again.results.first?.originalStatus == .applied)
        #expect(again.results.first?.version == first.results.first?.version)
        #expect(await store.maxApplications() == 1)
    }
}
