import Foundation
import GRDB

/// The live records a new record's admission rule may read, wherever it runs: the console's
/// database (`LocalRecordLookup`) or the rows the store read for a push batch. Both answer the
/// same questions, so one rule decides on both sides. A read that fails throws: a rule never
/// takes "could not read" for "no record" (that would admit a claim of the last item).
public protocol RecordLookup {
    /// A live record's fields; nil when it is absent or deleted.
    func live(_ entity: String, id: String) throws -> JSONValue?
    /// The live records of `entity` whose `field` holds `value`, with their ids.
    func live(_ entity: String, where field: String, is value: String) throws -> [(id: String, fields: JSONValue)]
    /// Every live record of `entity` (a type kept once per organization, read whole).
    func every(_ entity: String) throws -> [(id: String, fields: JSONValue)]
}

/// A rule a record must pass that depends on other records: a redemption needs the prize's
/// stock, the member's earlier claims and their stamps; an answered question may only change as
/// a new version. It runs when the console writes the record and again when the store receives
/// it, under the organization's lock, so two consoles claiming the last item end with one claim
/// and one refusal.
public struct RecordAdmission: Sendable {
    /// Live records of `entity` whose `field` holds the value of the record's `from` field
    /// (the prize's other redemptions, the member's stamp entries), or its id when `from` is
    /// `id` (a question's answers): the store reads them for the batch.
    public struct Read: Hashable, Sendable {
        public var entity: String
        public var field: String
        public var from: String

        /// Every live record of `entity`: a type kept once per organization (the ride
        /// settings), which no field of the new record names.
        public static func every(_ entity: String) -> Read {
            Read(entity: entity, field: "", from: "")
        }

        public var readsEvery: Bool { from.isEmpty }
    }

    public let reads: [Read]
    /// Why the record (its checked fields, its id, the stored fields it replaces, nil for a new
    /// one) may not be stored, named by the field at fault; nil to admit it. The records its
    /// references name are readable, and so are theirs (a prize's level). Throws what the
    /// lookup throws: the record is then neither admitted nor refused.
    public let check: @Sendable (_ change: RecordChange, _ lookup: any RecordLookup, _ now: Date) throws -> ValidationIssue?
}

/// A record about to be stored, for an admission rule.
public struct RecordChange: Sendable {
    public var id: String
    public var fields: JSONValue
    /// The live fields it replaces; nil for a new record.
    public var previous: JSONValue?

    public init(id: String, fields: JSONValue, previous: JSONValue?) {
        self.id = id
        self.fields = fields
        self.previous = previous
    }

    /// The value a `Read` looks for.
    func value(of read: RecordAdmission.Read) -> String? {
        read.from == "id" ? id : fields[read.from]?.stringValue
    }
}

extension RecordType {
    func admitted(reading reads: [RecordAdmission.Read],
                  _ check: @escaping @Sendable (_ change: RecordChange, _ lookup: any RecordLookup, _ now: Date) throws -> ValidationIssue?)
        -> RecordType {
        var copy = self
        copy.admission = RecordAdmission(reads: reads, check: check)
        return copy
    }
}

/// The console's side: reads the organization's live records in the write's transaction. A
/// database error is thrown as it is, so the write fails rather than pass a rule unread.
struct LocalRecordLookup: RecordLookup {
    let org: Organization
    let db: Database

    func live(_ entity: String, id: String) throws -> JSONValue? {
        let storage = RecordTypes.storage(for: entity)
        guard let record = try storage.fetch(entity: entity, id: id, db), record.orgId == org.id, !record.deleted else {
            return nil
        }
        return record.fields
    }

    func live(_ entity: String, where field: String, is value: String) throws -> [(id: String, fields: JSONValue)] {
        guard let type = RecordTypes.named(entity) else { return [] }
        return try type.storage.live(entity: entity, orgId: org.id, field: field, is: value, db).map { ($0.key, $0.fields) }
    }

    func every(_ entity: String) throws -> [(id: String, fields: JSONValue)] {
        guard let type = RecordTypes.named(entity) else { return [] }
        return try RecordService.live(type, org: org, db).map { ($0.key, $0.fields) }
    }
}

extension RecordType {
    /// Refuses a record its admission rule does not admit, in the console's transaction.
    func checkAdmission(_ fields: JSONValue, id: UUID, previous: JSONValue? = nil, org: Organization, _ db: Database,
                        now: Date = Date()) throws {
        guard let admission,
              let refusal = try admission.check(RecordChange(id: UUIDColumn.encode(id), fields: fields, previous: previous),
                                            LocalRecordLookup(org: org, db: db), now)
        else { return }
        throw ValidationError([refusal])
    }
}

extension RecordType {
    /// What an edit of a record becomes once the stored records are in view: an answered
    /// question's edit becomes its next version (`QuestionVersions`). Nil: the edit as made.
    func revising(_ revise: @escaping @Sendable (_ change: RecordChange, _ lookup: any RecordLookup) throws -> JSONValue) -> RecordType {
        var copy = self
        copy.revision = revise
        return copy
    }

    /// `fields` (checked) as the type's revision makes them, checked again.
    func revised(_ fields: JSONValue, previous: LocalRecord, org: Organization, _ db: Database) throws -> JSONValue {
        guard let revision else { return fields }
        let change = RecordChange(id: previous.key, fields: fields, previous: previous.fields)
        return try validate(try revision(change, LocalRecordLookup(org: org, db: db)), orgZone: org.timeZone)
    }
}
