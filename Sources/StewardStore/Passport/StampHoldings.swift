import Foundation
import StewardCore

/// One member at one event: the unit of "one stamp per member per event", and for a repeating
/// event, per date (`occurrence`, its original local start; nil for an event that happens once
/// and for entries that name no date). The ledger's index is by member and event: a pair's
/// entries are those of its member and event that name its occurrence.
public struct StampPair: Hashable, Sendable {
    public var member: String
    public var event: String
    public var occurrence: String?

    public init(member: String, event: String, occurrence: String? = nil) {
        self.member = member.lowercased()
        self.event = event.lowercased()
        self.occurrence = occurrence.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The member and event alone: what the ledger's index is read by.
    public var indexed: StampPair { StampPair(member: member, event: event) }

    /// The occurrence an entry's fields name; nil when none.
    static func occurrence(of fields: JSONValue?) -> String? {
        fields?["occurrence"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
    }
}

/// One stamp per member per event, kept by the store whatever ids consoles choose: every write
/// that could give a stamp (a pushed grant, a check-in) reads, under the organization's lock,
/// every ledger entry of its member at its event (found through `stamp_entries`), and decides on
/// them as the transaction has left them. A grant pushed under a fresh id for a member who
/// holds a stamp is refused naming the entry they hold; two at once are ordered by the lock.
enum StampHoldings {
    /// The member and event of each new ledger entry the batch's upserts would add.
    static func pairs(_ batch: PushBatch, clientLastMutationId last: Int64) -> Set<StampPair> {
        var pairs = Set<StampPair>()
        for item in batch.items where item.id > last && item.operation == .upsert && item.entity == RecordType.stamp.entity {
            guard let member = item.fields?["member"]?.stringValue.flatMap(UUID.init(uuidString:)),
                  let event = item.fields?["event"]?.stringValue.flatMap(UUID.init(uuidString:)) else { continue }
            pairs.insert(StampPair(member: member.uuidString, event: event.uuidString,
                                   occurrence: StampPair.occurrence(of: item.fields)))
        }
        return pairs
    }

    /// The records to read for `pair`, given the rows of the ledger's index of its member and
    /// event: its entries, and the one the member's next stamp there would take
    /// (`CheckInRules.entryId`). The index does not tell one date of a series from another, so
    /// for a date every round its entries could have reached is read.
    static func keys(_ pair: StampPair, entries: [StoredStampEntry]) -> Set<RecordKey> {
        var keys = Set(entries.map { RecordKey(entity: RecordType.stamp.entity, id: $0.id) })
        let round = StampStanding(entries).round
        let rounds = pair.occurrence == nil ? round...round : 0...round
        for round in rounds {
            keys.insert(RecordKey(entity: RecordType.stamp.entity,
                                  id: CheckInRules.entryId(member: pair.member, event: pair.event,
                                                           occurrence: pair.occurrence, round: round)))
        }
        return keys
    }

    /// Where the member stands at the event among `records` (read by `keys` and written since).
    static func standing(_ pair: StampPair, records: [RecordKey: RemoteRecord]) -> StampStanding {
        StampStanding(records.values.compactMap { entry($0, of: pair) })
    }

    /// The ledger entries among a push's records by member and event, kept up to date as the
    /// batch adds entries: a batch of a thousand grants does not look through every record for
    /// each.
    struct Index {
        private var ids: [StampPair: Set<String>] = [:]

        init(_ records: [RecordKey: RemoteRecord]) {
            for record in records.values where record.entity == RecordType.stamp.entity && !record.deleted {
                note(record.id, fields: record.fields)
            }
        }

        mutating func note(_ id: String, fields: JSONValue) {
            guard let member = fields["member"]?.stringValue, let event = fields["event"]?.stringValue else { return }
            ids[StampPair(member: member, event: event, occurrence: StampPair.occurrence(of: fields)), default: []].insert(id)
        }

        /// Why a pushed entry (its checked fields) may not be added: it gives a stamp, and the
        /// member holds one for the event already under another id.
        func refusal(recordId: String, fields: JSONValue, records: [RecordKey: RemoteRecord]) -> String? {
            guard let member = fields["member"]?.stringValue, let event = fields["event"]?.stringValue,
                  fields["kind"]?.stringValue != StampKind.revoke.rawValue else { return nil }
            let pair = StampPair(member: member, event: event, occurrence: StampPair.occurrence(of: fields))
            let entries = ids[pair, default: []].compactMap { id in
                records[RecordKey(entity: RecordType.stamp.entity, id: id)].flatMap { StampHoldings.entry($0, of: pair) }
            }
            guard let held = StampStanding(entries.sorted { $0.id < $1.id }).held, held != recordId,
                  let entry = records[RecordKey(entity: RecordType.stamp.entity, id: held)] else { return nil }
            return AppendOnlyPushes.alreadyHeld(entry)
        }
    }

    /// `record` as the ledger's index keeps it, if it is a live entry of `pair`.
    static func entry(_ record: RemoteRecord, of pair: StampPair) -> StoredStampEntry? {
        guard record.entity == RecordType.stamp.entity, !record.deleted,
              record.fields["member"]?.stringValue == pair.member, record.fields["event"]?.stringValue == pair.event,
              StampPair.occurrence(of: record.fields) == pair.occurrence,
              let kind = record.fields["kind"]?.stringValue else { return nil }
        return StoredStampEntry(id: record.id, kind: kind, stamps: Int(record.fields["stamps"]?.int64Value ?? 0),
                                reverses: record.fields["reverses"]?.stringValue)
    }
}
