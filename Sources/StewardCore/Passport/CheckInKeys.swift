import Foundation
import GRDB
import Translation

/// Each event's check-in key, made when first needed: the current code of an event, read off
/// the console even offline. The key's record has the event's id (in its own entity), so a
/// second key for an event would be the same record, here and on the store.
public final class CheckInKeys: Sendable {
    public let database: AppDatabase

    public init(database: AppDatabase) {
        self.database = database
    }

    /// The code of `event` at `date`, and when it stops being the current one; makes the
    /// event's key if it has none. Refused for an unknown event and one that gives no stamps.
    public func code(for event: UUID, in org: Organization, at date: Date = Date()) async throws -> (code: String, validUntil: Date) {
        let generator = CheckInCode(secret: try await secret(for: event, in: org))
        return (generator.code(at: date), generator.validUntil(date))
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
            let key = UUIDColumn.encode(event)
            if let existing = try RecordType.checkInKey.storage.fetch(entity: RecordType.checkInKey.entity, id: key, db),
               existing.orgId == org.id, !existing.deleted,
               let secret = existing["secret"]?.stringValue.flatMap(Self.secretBytes) {
                return secret
            }
            var generator = SystemRandomNumberGenerator()
            let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
            let fields: JSONValue = .object(["event": .string(key), "secret": .string(Data(bytes).base64EncodedString())])
            let checked = try RecordType.checkInKey.validate(fields, orgZone: org.timeZone)
            try RecordService.checkReferences(checked, of: .checkInKey, org: org, db)
            let now = Date.storedNow
            let record = LocalRecord(entity: RecordType.checkInKey.entity, id: event, orgId: org.id, createdAt: now,
                                     updatedAt: now, fields: checked)
            try RecordWrites.save(record, previous: nil, org: org, db)
            return bytes
        }
    }

    /// A key's secret as bytes; nil unless it is base64 of at least 16 bytes.
    public static func secretBytes(_ text: String) -> [UInt8]? {
        guard let data = Data(base64Encoded: text), data.count >= 16 else { return nil }
        return Array(data)
    }
}
