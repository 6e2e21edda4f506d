import Foundation
import GRDB
import Translation

/// Staff handing prizes to members. A redemption is checked against the prize's level, window,
/// stock and per-member limit in the same transaction it is written in (`RedemptionRules`),
/// and again by the store when it arrives, so two consoles claiming the last item end with
/// one claim.
public final class Redemptions: Sendable {
    public let database: AppDatabase

    public init(database: AppDatabase) {
        self.database = database
    }

    /// Records that `member` got `prize` now; refused with a `ValidationError` naming the
    /// field at fault when a rule says no.
    @discardableResult
    public func add(member: UUID, prize: UUID, note: String = "", in org: Organization, at now: Date = Date()) async throws -> LocalRecord {
        try await database.writer.write { db in
            let author = try HistoryLog.localAuthor(orgId: org.id, db)
            let fields: JSONValue = .object([
                "prize": .string(UUIDColumn.encode(prize)), "member": .string(UUIDColumn.encode(member)),
                "at": .string(DateTimeText.utc(now)), "by": .string(author),
                "note": .string(note.trimmingCharacters(in: .whitespacesAndNewlines)),
            ])
            let checked = try RecordType.redemption.validate(fields, orgZone: org.timeZone)
            try RecordService.checkReferences(checked, of: .redemption, org: org, db)
            let stored = Date.storedNow
            let record = LocalRecord(entity: RecordType.redemption.entity, orgId: org.id, createdAt: stored, updatedAt: stored,
                                     fields: checked)
            try RecordType.redemption.checkAdmission(checked, id: record.id, org: org, db, now: now)
            try RecordWrites.save(record, previous: nil, org: org, db)
            return record
        }
    }

    /// Takes back a redemption made in error with a second record that reverses it: the
    /// prize's stock and the member's limit count it back; nothing is edited or deleted.
    /// Refused with a `ValidationError` without a note, for an undo and for a claim undone already.
    @discardableResult
    public func undo(_ redemption: UUID, note: String, in org: Organization, at now: Date = Date()) async throws -> LocalRecord {
        let note = note.trimmingCharacters(in: .whitespacesAndNewlines)
        return try await database.writer.write { db in
            guard let target = try RecordService.live(.redemption, org: org, db).first(where: { $0.id == redemption }) else {
                throw RecordServiceError.notFound(noun: RecordType.redemption.noun, id: redemption)
            }
            let author = try HistoryLog.localAuthor(orgId: org.id, db)
            let fields: JSONValue = .object([
                "prize": target["prize"] ?? .null, "member": target["member"] ?? .null,
                "at": .string(DateTimeText.utc(now)), "by": .string(author), "note": .string(note),
                "reverses": .string(target.key),
            ])
            let checked = try RecordType.redemption.validate(fields, orgZone: org.timeZone)
            try RecordService.checkReferences(checked, of: .redemption, org: org, db)
            let stored = Date.storedNow
            let record = LocalRecord(entity: RecordType.redemption.entity, orgId: org.id, createdAt: stored, updatedAt: stored,
                                     fields: checked)
            try RecordType.redemption.checkAdmission(checked, id: record.id, org: org, db, now: now)
            try RecordWrites.save(record, previous: nil, org: org, db)
            return record
        }
    }

    /// Why `member` may not get `prize` now, if a rule says no; nothing is written. The window
    /// shows it before staff record anything.
    public func refusal(member: UUID, prize: UUID, in org: Organization, at now: Date = Date()) async throws -> ValidationIssue? {
        try await database.writer.read { db in
            let fields: JSONValue = .object(["prize": .string(UUIDColumn.encode(prize)), "member": .string(UUIDColumn.encode(member)),
                                             "at": .string(DateTimeText.utc(now))])
            return try RedemptionRules.refusal(fields, id: UUIDColumn.encode(UUID()), lookup: LocalRecordLookup(org: org, db: db), now: now)
        }
    }

    /// The organization's redemptions, newest first, narrowed to a prize and a member when given.
    public func list(in org: Organization, prize: UUID? = nil, member: UUID? = nil) async throws -> [LocalRecord] {
        let prizeKey = prize.map(UUIDColumn.encode), memberKey = member.map(UUIDColumn.encode)
        return try await RecordService(database: database).list(.redemption, in: org).filter { record in
            (prizeKey == nil || record["prize"]?.stringValue == prizeKey)
                && (memberKey == nil || record["member"]?.stringValue == memberKey)
        }
    }

    /// Each prize's claims so far and what is left of its stock, by prize id.
    public func standing(in org: Organization) async throws -> [String: (claimed: Int, left: Int?)] {
        try await database.writer.read { db in
            let counted = RedemptionClaims.counted(try RecordService.live(.redemption, org: org, db), id: \.key, fields: \.fields)
            let claims = Dictionary(grouping: counted) { $0["prize"]?.stringValue ?? "" }
            var out: [String: (claimed: Int, left: Int?)] = [:]
            for prize in try RecordService.live(.prize, org: org, db) {
                let claimed = claims[prize.key]?.count ?? 0
                out[prize.key] = (claimed, RedemptionRules.left(prize: prize.fields, claims: claimed))
            }
            return out
        }
    }
}
