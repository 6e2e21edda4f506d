import Foundation
import GRDB
import Translation

/// Each event's check-in key. It is made with the event, in the same transaction, as soon as
/// the event gives stamps (`makeWithEvent`, from every local write of an event), and waits in
/// the outbox right after it: the store has the key as soon as it has the event. A code is
/// shown to people only once the store has the key (`codeTheStoreChecks`); before that, every
/// member typing it would be told it is not the event's code. The key's record has the event's
/// id (in its own entity), so a second key for an event would be the same record, here and on
/// the store.
public final class CheckInKeys: Sendable {
    public let database: AppDatabase

    public init(database: AppDatabase) {
        self.database = database
    }

    /// The code of `event` at `date`, and when it stops being the current one, whether or not
    /// the store has the key yet; makes the event's key if it has none (an event from before
    /// keys were made with their events, or one the store made). Refused for an unknown event
    /// and one that gives no stamps. What people are shown comes from `codeTheStoreChecks`.
    public func code(for event: UUID, in org: Organization, at date: Date = Date()) async throws -> (code: String, validUntil: Date) {
        let shown = try await codeOfOccurrence(for: event, in: org, at: date)
        return (shown.code, shown.validUntil)
    }

    /// The code of `event` at `date` and the date of a repeating event it is for: the one open
    /// for check-in, else the next (`CheckInOccurrences.current`); nil for an event that
    /// happens once. Each date has its own code.
    public func codeOfOccurrence(for event: UUID, in org: Organization,
                                 at date: Date = Date()) async throws -> (code: String, validUntil: Date, occurrence: EventOccurrence?) {
        let secret = try await secret(for: event, in: org)
        let (occurrence, _) = try await currentOccurrence(of: event, in: org, at: date)
        let generator = CheckInOccurrences.code(secret: secret, occurrence: occurrence?.occurrence)
        return (generator.code(at: date), generator.validUntil(date), occurrence)
    }

    /// The code to show for `event` at `date`: only once the store has the event's key, so the
    /// code shown is one the store accepts. Throws `CheckInKeyNotOnStore` until then (the key
    /// waits to be sent, or the store refused it), and what `code(for:)` throws.
    public func codeTheStoreChecks(for event: UUID, in org: Organization,
                                   at date: Date = Date()) async throws -> (code: String, validUntil: Date) {
        let shown = try await occurrenceCodeTheStoreChecks(for: event, in: org, at: date)
        return (shown.code, shown.validUntil)
    }

    /// `codeTheStoreChecks` with the date of a repeating event the code is for (nil for an
    /// event that happens once) and when that date takes check-ins (`window`: a code shown before
    /// it opens is refused, and the screen says so): what the passport's code window shows.
    public func occurrenceCodeTheStoreChecks(for event: UUID, in org: Organization, at date: Date = Date())
        async throws -> (code: String, validUntil: Date, occurrence: EventOccurrence?, window: CheckInWindow) {
        let secret = try await secret(for: event, in: org)
        try await database.writer.read { db in
            if let missing = try Self.notOnStore(event, org: org, db) { throw missing }
        }
        let (occurrence, window) = try await currentOccurrence(of: event, in: org, at: date)
        let generator = CheckInOccurrences.code(secret: secret, occurrence: occurrence?.occurrence)
        return (generator.code(at: date), generator.validUntil(date), occurrence, window)
    }

    /// The date of a repeating event whose code is shown at `date` (nil for one that happens
    /// once), and its check-in window (the event's own for one that happens once).
    private func currentOccurrence(of event: UUID, in org: Organization, at date: Date) async throws
        -> (EventOccurrence?, CheckInWindow) {
        try await database.writer.read { db in
            let record = try StampLedger.stampEvent(event, org: org, db).record
            guard let details = try? EventDetails(syncFields: record.fields) else { return (nil, .alwaysOpen) }
            if let current = CheckInOccurrences.current(of: details, id: event, at: date, zone: org.timeZone) {
                return (current.occurrence, current.window)
            }
            return (nil, CheckInWindow(timing: details.timing, orgZone: org.timeZone))
        }
    }

    /// The event's secret, making its key (32 random bytes) when it has none yet.
    public func secret(for event: UUID, in org: Organization) async throws -> [UInt8] {
        try await database.writer.write { db in
            let stampEvent = try StampLedger.stampEvent(event, org: org, db)
            if stampEvent.stamps <= 0 {
                throw ValidationError(field: "event", message: tr("“{event}” gives no stamps, so it takes no check-ins; give it a stamp value first (`{command}`)",
                                                                  ["event": RecordType.event.title(of: stampEvent.record.fields),
                                                                   "command": "stewardctl events update \(stampEvent.record.key) --stamp-value 1"]))
            }
            if let secret = try Self.existingSecret(event, orgId: org.id, db) { return secret }
            return try Self.make(event, org: org, author: nil, db)
        }
    }

    /// Called with every local write of an event, inside its transaction and after its outbox
    /// entry: an event that gives stamps and has no key gets one now, so the key travels right
    /// behind the event and no code can be shown that the store cannot check.
    static func makeWithEvent(_ event: UUID, fields: JSONValue, orgId: UUID, author: String?, _ db: Database) throws {
        guard (fields["stampValue"]?.int64Value ?? 0) > 0,
              try existingSecret(event, orgId: orgId, db) == nil,
              let org = try Organization.fetchOne(db, key: UUIDColumn.encode(orgId)) else { return }
        _ = try make(event, org: org, author: author, db)
    }

    /// The live key's secret of `event`, if it has one.
    private static func existingSecret(_ event: UUID, orgId: UUID, _ db: Database) throws -> [UInt8]? {
        guard let existing = try RecordType.checkInKey.storage.fetch(entity: RecordType.checkInKey.entity,
                                                                     id: UUIDColumn.encode(event), db),
              existing.orgId == orgId, !existing.deleted else { return nil }
        return existing["secret"]?.stringValue.flatMap(secretBytes)
    }

    /// Stores a new key for `event` (32 random bytes) with its outbox entry.
    private static func make(_ event: UUID, org: Organization, author: String?, _ db: Database) throws -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        let fields: JSONValue = .object(["event": .string(UUIDColumn.encode(event)),
                                         "secret": .string(Data(bytes).base64EncodedString())])
        let checked = try RecordType.checkInKey.validate(fields, orgZone: org.timeZone)
        try RecordService.checkReferences(checked, of: .checkInKey, org: org, db)
        let now = Date.storedNow
        let record = LocalRecord(entity: RecordType.checkInKey.entity, id: event, orgId: org.id, createdAt: now,
                                 updatedAt: now, fields: checked)
        try RecordWrites.save(record, previous: nil, org: org, author: author, db)
        return bytes
    }

    /// Why the store cannot check `event`'s codes yet, or nil when it has the key: a key the
    /// store has carries its version and waits in no outbox entry (keys are never changed).
    static func notOnStore(_ event: UUID, org: Organization, _ db: Database) throws -> CheckInKeyNotOnStore? {
        let id = UUIDColumn.encode(event)
        let entity = RecordType.checkInKey.entity
        guard let key = try RecordType.checkInKey.storage.fetch(entity: entity, id: id, db), !key.deleted else { return nil }
        let waiting = try SyncIssues.hasOutbox(entity: entity, recordId: id, db)
        if key.version > 0 && !waiting { return nil }
        let title = try StampLedger.stampEvent(event, org: org, db).record
        let name = RecordType.event.title(of: title.fields)
        if !waiting, let refused = try String.fetchOne(db, sql: """
            SELECT reason FROM deadLetter WHERE entity = ? AND recordId = ? ORDER BY id DESC LIMIT 1
            """, arguments: [entity, id]) {
            return CheckInKeyNotOnStore(event: name, org: org.slug, reason: .refused(refused))
        }
        return CheckInKeyNotOnStore(event: name, org: org.slug, reason: .waitingToBeSent)
    }

    /// A key's secret as bytes; nil unless it is base64 of at least 16 bytes.
    public static func secretBytes(_ text: String) -> [UInt8]? {
        guard let data = Data(base64Encoded: text), data.count >= 16 else { return nil }
        return Array(data)
    }
}
