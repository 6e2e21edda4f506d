import Foundation
import StewardCore

/// A record as stored, with the columns derived from its fields.
struct StoredRecord: Sendable, Hashable {
    var record: RemoteRecord
    /// The canonical JSON text of the fields, exactly as it goes into the `fields` column.
    var fieldsText: String
    /// When the event starts and ends (ms since 1970) for the upcoming-events query; nil for
    /// untimed events and tombstones.
    var sortStart: Int64?
    var sortEnd: Int64?
    /// When this version was written (ms since 1970): tombstone retention counts from here.
    var changedAt: Int64
    /// Who wrote it: a staff member's email, or `token:<role>`.
    var changedBy: String
}

/// One applied change, as the history table keeps it.
struct HistoryWrite: Sendable, Hashable {
    var entity: String
    var recordId: String
    var version: Int64
    var author: String
    var at: Int64
    var operation: Mutation.Operation
    /// The changed fields, as `FieldChangesText` keeps them.
    var changesText: String
}

/// The result a mutation got the first time, kept so a replay can be answered the same way.
struct StoredResult: Sendable, Hashable {
    var mutationId: Int64
    var status: MutationStatus
    var version: Int64?
    var reason: String?
}

public struct RecordKey: Hashable, Sendable {
    var entity: String
    var id: String
}

/// What the repository read, under the organization's lock, before deciding a batch.
struct PushState: Sendable {
    var org: OrgInfo
    var clientLastMutationId: Int64
    /// Earlier results for the batch's ids that are not new.
    var previousResults: [Int64: StoredResult]
    /// The current rows of the records the batch touches (absent: never stored).
    var records: [RecordKey: RemoteRecord]
}

/// What the repository must write, in the same transaction, for a decided batch.
struct PushPlan: Sendable {
    var outcome: PushOutcome
    /// Rows to upsert, in mutation order (a record changed twice appears twice).
    var recordWrites: [StoredRecord] = []
    /// One per record write, in the same order.
    var historyWrites: [HistoryWrite] = []
    var newResults: [StoredResult] = []
    /// The organization's sequence after the batch.
    var newLastSeq: Int64
    /// The client's last mutation id after the batch.
    var newClientLastMutationId: Int64
}

/// Decides a push batch from what the store holds: pure, so both databases share exactly the
/// same semantics and the rules can be read (and tested) in one place.
enum PushPlanner {
    /// `author` is who the store records as having made the batch's changes.
    static func plan(_ batch: PushBatch, state: PushState, author: String, now: Date) -> PushPlan {
        let last = state.clientLastMutationId
        var plan = PushPlan(outcome: .completed(PushResponse(lastMutationId: last, results: [])),
                            newLastSeq: state.org.lastSeq, newClientLastMutationId: last)
        guard let first = batch.firstId, let lastInBatch = batch.lastId else { return plan }
        // Not `last + 1`: a client row written before ids were range-checked may hold Int64.max.
        if first - 1 > last {
            plan.outcome = .gap(lastMutationId: last)
            return plan
        }
        var writer = RecordWriter(org: state.org, records: state.records, author: author, now: now)
        var stamps = StampHoldings.Index(state.records)
        var results: [MutationResult] = []
        results.reserveCapacity(batch.items.count)

        for item in batch.items {
            if item.id <= last {
                // Already applied by an earlier delivery: answer what it got then, change nothing.
                // A replayed conflict carries the store's current record, as the first answer did.
                let previous = state.previousResults[item.id]
                let record = previous?.status == .conflict ? writer.record(item.entity, item.recordId) : nil
                results.append(MutationResult(id: item.id, status: .duplicate, version: previous?.version,
                                              reason: previous?.reason, record: record, originalStatus: previous?.status))
                continue
            }
            switch decide(item, batch: batch, writer: &writer, stamps: &stamps) {
            case .rejected(let message):
                // A reason may quote what was sent; it is stored, and PostgreSQL text holds no NUL.
                let reason = String(String.UnicodeScalarView(message.unicodeScalars.map { $0.value == 0 ? "\u{FFFD}" : $0 }))
                results.append(MutationResult(id: item.id, status: .rejected, reason: reason))
                plan.newResults.append(StoredResult(mutationId: item.id, status: .rejected, version: nil, reason: reason))
            case .conflict(let current):
                results.append(MutationResult(id: item.id, status: .conflict, version: current.version, record: current))
                plan.newResults.append(StoredResult(mutationId: item.id, status: .conflict, version: current.version, reason: nil))
            case .applied(let version):
                results.append(MutationResult(id: item.id, status: .applied, version: version))
                plan.newResults.append(StoredResult(mutationId: item.id, status: .applied, version: version, reason: nil))
            }
        }
        plan.recordWrites = writer.recordWrites
        plan.historyWrites = writer.historyWrites
        plan.newLastSeq = writer.lastSeq
        plan.newClientLastMutationId = max(last, lastInBatch)
        plan.outcome = .completed(PushResponse(lastMutationId: plan.newClientLastMutationId, results: results))
        return plan
    }

    /// The records the repository must read into `PushState.records` for a batch: those the
    /// new mutations touch, those their reference fields name (checked to exist), and those of
    /// replayed conflicts (their answer carries the record). Records that refer to one the
    /// batch deletes come from `referrerQueries`.
    static func recordKeys(_ batch: PushBatch, clientLastMutationId last: Int64,
                           previousResults: [Int64: StoredResult]) -> Set<RecordKey> {
        var keys = Set<RecordKey>()
        for item in batch.items where item.id > last || previousResults[item.id]?.status == .conflict {
            keys.insert(RecordKey(entity: item.entity, id: item.recordId))
            // Approving a submission writes the event of the same id.
            if let published = RecordTypes.named(item.entity)?.publishedOnApproval {
                keys.insert(RecordKey(entity: published, id: item.recordId))
            }
            guard item.id > last, item.operation == .upsert, let type = RecordTypes.named(item.entity) else { continue }
            for (field, target) in type.references {
                if let id = item.fields?[field.name]?.stringValue, let uuid = UUID(uuidString: id) {
                    keys.insert(RecordKey(entity: target, id: uuid.uuidString.lowercased()))
                }
            }
        }
        return keys
    }

    /// Live records of `entity` whose `field` holds one of `targetIds`: the repository reads
    /// them into `PushState.records`, so that deleting a record still referred to is refused.
    struct ReferrerQuery: Hashable, Sendable {
        var entity: String
        /// Empty: every live record of the entity (a singleton read whole), whatever `targetIds`.
        var field: String
        var targetIds: [String]
    }

    static func referrerQueries(_ batch: PushBatch, clientLastMutationId last: Int64) -> [ReferrerQuery] {
        var targets: [String: Set<String>] = [:]
        for item in batch.items where item.id > last && item.operation == .delete {
            targets[item.entity, default: []].insert(item.recordId)
        }
        let referrers = targets.keys.sorted().flatMap { entity in
            RecordTypes.referrers(of: entity).map { referrer in
                ReferrerQuery(entity: referrer.type.entity, field: referrer.field.name,
                              targetIds: targets[entity, default: []].sorted())
            }
        }
        return referrers + oneOpenQueries(batch, clientLastMutationId: last) + admissionQueries(batch, clientLastMutationId: last)
    }

    /// For types with an admission rule (a redemption, a ride assignment): the live records the rule reads beside
    /// the ones the new record names (the prize's other claims, the member's stamp entries).
    static func admissionQueries(_ batch: PushBatch, clientLastMutationId last: Int64) -> [ReferrerQuery] {
        var values: [RecordAdmission.Read: Set<String>] = [:]
        for item in batch.items where item.id > last && item.operation == .upsert {
            guard let reads = RecordTypes.named(item.entity)?.admission?.reads else { continue }
            for read in reads {
                // A type read whole (a singleton): one query, whatever the batch holds.
                if read.readsEvery {
                    values[read, default: []] = []
                    continue
                }
                guard let text = read.from == "id" ? item.recordId : item.fields?[read.from]?.stringValue else { continue }
                values[read, default: []].insert(UUID(uuidString: text).map { $0.uuidString.lowercased() } ?? text)
            }
        }
        return values.keys.sorted { ($0.entity, $0.field, $0.from) < ($1.entity, $1.field, $1.from) }.map { read in
            ReferrerQuery(entity: read.entity, field: read.field, targetIds: values[read, default: []].sorted())
        }
    }

    /// Read after the batch's own records: the records that those named by a new record with
    /// an admission rule name in turn (a redemption's prize's level).
    static func admissionFollowKeys(_ batch: PushBatch, clientLastMutationId last: Int64,
                                    records: [RecordKey: RemoteRecord]) -> Set<RecordKey> {
        var keys = Set<RecordKey>()
        for item in batch.items where item.id > last && item.operation == .upsert {
            guard let type = RecordTypes.named(item.entity), type.admission != nil else { continue }
            for (field, target) in type.references {
                guard let id = item.fields?[field.name]?.stringValue.flatMap(UUID.init(uuidString:)),
                      let named = records[RecordKey(entity: target, id: id.uuidString.lowercased())],
                      let namedType = RecordTypes.named(target) else { continue }
                for (next, nextTarget) in namedType.references {
                    if let nextId = named.fields[next.name]?.stringValue {
                        keys.insert(RecordKey(entity: nextTarget, id: nextId))
                    }
                }
            }
        }
        return keys.subtracting(records.keys)
    }

    /// For types with one open record per value (a book on one loan): the live records holding
    /// the values the batch's upserts hold, so that a second open one is refused.
    static func oneOpenQueries(_ batch: PushBatch, clientLastMutationId last: Int64) -> [ReferrerQuery] {
        var values: [String: Set<String>] = [:]
        for item in batch.items where item.id > last && item.operation == .upsert {
            guard let rule = RecordTypes.named(item.entity)?.oneOpenRule,
                  let text = item.fields?[rule.field]?.stringValue else { continue }
            values[item.entity, default: []].insert(UUID(uuidString: text).map { $0.uuidString.lowercased() } ?? text)
        }
        return values.keys.sorted().compactMap { entity in
            guard let rule = RecordTypes.named(entity)?.oneOpenRule else { return nil }
            return ReferrerQuery(entity: entity, field: rule.field, targetIds: values[entity, default: []].sorted())
        }
    }

    enum Decision {
        case rejected(String)
        case conflict(RemoteRecord)
        /// Written through the writer: the mutated record's new version.
        case applied(version: Int64)
    }

    /// The record type's own declaration decides, the same one the console validates with, so
    /// both sides accept exactly the same records. The writer holds the stored rows the batch
    /// needs, as the batch has left them so far.
    private static func decide(_ item: PushBatch.Item, batch: PushBatch, writer: inout RecordWriter,
                               stamps: inout StampHoldings.Index) -> Decision {
        guard let type = RecordTypes.named(item.entity) else {
            return .rejected("unknown entity '\(item.entity)'")
        }
        // Text PostgreSQL cannot keep (NUL) is refused here, on every backend alike, before any
        // rule reads it: stored, it would break every later query that reads the record as jsonb.
        if item.operation == .upsert, let fields = item.fields, let refusal = StorableText.refusal(fields) {
            return .rejected(refusal)
        }
        let current = writer.record(item.entity, item.recordId)
        if type.isMadeByStore {
            // Members, submissions and notifications come from what app users do; staff only
            // decide on them (docs/approvals.md).
            return StaffDecisions.decide(item, type: type, current: current, permissions: batch.permissions, writer: &writer)
        }
        if let refusal = AppendOnlyPushes.refusal(item, type: type, current: current) { return .rejected(refusal) }
        // Invalid fields can never apply, whatever the base version: reject before looking at
        // conflicts so the console does not ask a person to resolve something unstorable.
        var fields = JSONValue.object([:])
        if item.operation == .upsert {
            do {
                fields = try type.validate(item.fields ?? .null, orgZone: writer.zone)
            } catch {
                return .rejected(error.description)
            }
            if let missing = missingReference(fields, of: type, records: writer.records) { return .rejected(missing) }
            if let rival = openRival(item, fields: fields, of: type, records: writer.records) { return .rejected(rival) }
            if type.entity == RecordType.stamp.entity, current == nil,
               let held = stamps.refusal(recordId: item.recordId, fields: fields, records: writer.records) {
                return .rejected(held)
            }
            // The push's rows are in memory: its lookup cannot fail, but a rule that could not
            // read is never taken for one that admitted.
            if let admission = type.admission {
                let refusal: ValidationIssue?
                do {
                    refusal = try admission.check(RecordChange(id: item.recordId, fields: fields,
                                                               previous: current.flatMap { $0.deleted ? nil : $0.fields }),
                                                  PushLookup(records: writer.records), writer.now)
                } catch {
                    return .rejected("the records this change depends on could not be read: \(error)")
                }
                if let refusal { return .rejected(refusal.description) }
            }
        } else if current.map({ !$0.deleted }) ?? false, let user = referrer(of: item, records: writer.records) {
            return .rejected(user)
        }
        if let current {
            if item.baseVersion != current.version { return .conflict(current) }
        } else if item.baseVersion > 0 {
            return .rejected("unknown record: the store has no \(item.entity) \(item.recordId)")
        }
        if type.entity == RecordType.stamp.entity { stamps.note(item.recordId, fields: fields) }
        do {
            return .applied(version: try writer.write(item.entity, item.recordId, fields: fields, deleted: item.operation == .delete))
        } catch {
            return .rejected(error.description)
        }
    }

    /// Why a reference field names no live record of the organization, if it does not.
    private static func missingReference(_ fields: JSONValue, of type: RecordType, records: [RecordKey: RemoteRecord]) -> String? {
        for (field, target) in type.references {
            guard let id = fields[field.name]?.stringValue else { continue }
            if let record = records[RecordKey(entity: target, id: id)], !record.deleted { continue }
            let noun = RecordTypes.named(target)?.noun ?? target
            return "\(field.optionName): there is no \(noun) \(id) in this organization"
        }
        return nil
    }

    /// Why an open record may not be stored: another live one holds the same value open (a
    /// second open loan of a book, lent from another console while offline).
    private static func openRival(_ item: PushBatch.Item, fields: JSONValue, of type: RecordType,
                                  records: [RecordKey: RemoteRecord]) -> String? {
        guard let rule = type.oneOpenRule, let value = rule.openValue(fields) else { return nil }
        let rivals = records.values.filter { record in
            record.entity == type.entity && record.id != item.recordId && !record.deleted && rule.openValue(record.fields) == value
        }
        guard let rival = rivals.min(by: { $0.id < $1.id }) else { return nil }
        let field = FieldSpec.kebab(rule.field)
        let by = rival.changedBy.map { " (changed by \($0))" } ?? ""
        return "\(field): \(value) is already on the open \(type.nouns.one.english) \(rival.id)\(by); close that one first"
    }

    /// Why a record may not be deleted: another live record refers to it.
    private static func referrer(of item: PushBatch.Item, records: [RecordKey: RemoteRecord]) -> String? {
        let referrers = RecordTypes.referrers(of: item.entity)
        guard !referrers.isEmpty else { return nil }
        let users = records.values.filter { record in
            !record.deleted && referrers.contains { $0.type.entity == record.entity
                && record.fields[$0.field.name]?.stringValue == item.recordId }
        }.sorted { ($0.entity, $0.id) < ($1.entity, $1.id) }
        guard let first = users.first else { return nil }
        let type = RecordTypes.named(first.entity)
        let title = type.map { $0.title(of: first.fields) } ?? first.id
        let more = users.count > 1 ? " and \(users.count - 1) more" : ""
        return "still used by the \(type?.noun ?? first.entity) \"\(title)\"\(more): change or remove those first"
    }
}

/// The rows a push read, as the batch has left them so far, for admission rules.
struct PushLookup: RecordLookup {
    let records: [RecordKey: RemoteRecord]

    func live(_ entity: String, id: String) -> JSONValue? {
        records[RecordKey(entity: entity, id: id)].flatMap { $0.deleted ? nil : $0.fields }
    }

    func live(_ entity: String, where field: String, is value: String) -> [(id: String, fields: JSONValue)] {
        records.values.filter { $0.entity == entity && !$0.deleted && $0.fields[field]?.stringValue == value }
            .sorted { $0.id < $1.id }.map { ($0.id, $0.fields) }
    }

    func every(_ entity: String) -> [(id: String, fields: JSONValue)] {
        records.values.filter { $0.entity == entity && !$0.deleted }.sorted { $0.id < $1.id }.map { ($0.id, $0.fields) }
    }
}
