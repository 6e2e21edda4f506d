import Foundation
import StewardCore

/// Numbers and records the changes of one transaction: each write takes the organization's next
/// sequence number as its version and brings its history row, and later reads in the same
/// transaction see it. Pushes and the store's own changes (members registering, submissions,
/// decisions) write through it, so both keep the feed's guarantees alike.
public struct RecordWriter: Sendable {
    let org: OrgInfo
    let author: String
    let now: Date
    let changedAt: Int64
    /// The stored rows the transaction read, as its writes have left them so far.
    private(set) var records: [RecordKey: RemoteRecord]
    private(set) var lastSeq: Int64
    private(set) var recordWrites: [StoredRecord] = []
    private(set) var historyWrites: [HistoryWrite] = []

    init(org: OrgInfo, records: [RecordKey: RemoteRecord], author: String, now: Date) {
        self.org = org
        self.records = records
        self.author = author
        self.now = now
        self.changedAt = Milliseconds.from(now)
        self.lastSeq = org.lastSeq
    }

    var zone: TimeZone { org.zone }

    func record(_ entity: String, _ id: String) -> RemoteRecord? {
        records[RecordKey(entity: entity, id: id)]
    }

    /// A live record's fields; nil when it is absent or deleted.
    func liveFields(_ entity: String, _ id: String) -> JSONValue? {
        record(entity, id).flatMap { $0.deleted ? nil : $0.fields }
    }

    /// Stores `fields` (already valid) as the record's next version, or a tombstone; returns
    /// the version. What the store makes itself is checked here by its declaration and refused,
    /// with nothing written, when it does not pass.
    @discardableResult
    mutating func write(_ entity: String, _ id: String, fields: JSONValue,
                        deleted: Bool = false) throws(StoreMadeRecordRefused) -> Int64 {
        let type = RecordTypes.named(entity)
        // What the store makes itself is put in the canonical form its declaration gives, the
        // form a console's validation of the pulled record gives too: dumps stay byte-identical.
        var canonical = fields
        if !deleted, let type, type.isMadeByStore {
            do {
                canonical = try type.validate(fields, orgZone: zone)
            } catch {
                throw StoreMadeRecordRefused(entity: entity, id: id, problem: error)
            }
        }
        lastSeq += 1
        let key = RecordKey(entity: entity, id: id)
        let stored = deleted ? JSONValue.object([:]) : canonical
        let record = RemoteRecord(entity: entity, id: id, version: lastSeq, deleted: deleted, fields: stored,
                                  changedBy: author, changedAt: changedAt)
        // A tombstone has no fields: re-creating a deleted record lists every field as new.
        let before = records[key].flatMap { $0.deleted ? nil : $0.fields }
        records[key] = record
        let fieldsText = stored.canonicalText
        let window = deleted ? RecordWindow() : (type?.storeWindow(of: stored, zone: zone) ?? RecordWindow())
        recordWrites.append(StoredRecord(record: record, fieldsText: fieldsText, sortStart: window.start,
                                         sortEnd: window.end, changedAt: changedAt, changedBy: author))
        let changesText = FieldChangesText.text(from: before, to: deleted ? nil : stored, newText: fieldsText)
        historyWrites.append(HistoryWrite(entity: entity, recordId: id, version: lastSeq, author: author, at: changedAt,
                                          operation: deleted ? .delete : .upsert, changesText: changesText))
        return lastSeq
    }
}

/// What a store-made change wrote, for the repository to store in its transaction.
struct StoreChangePlan: Sendable {
    var recordWrites: [StoredRecord]
    var historyWrites: [HistoryWrite]
    var newLastSeq: Int64

    init(_ writer: RecordWriter) {
        recordWrites = writer.recordWrites
        historyWrites = writer.historyWrites
        newLastSeq = writer.lastSeq
    }
}
