import Foundation
import GRDB
import Translation

public enum RecordServiceError: Error, Equatable, CustomStringConvertible {
    case notFound(noun: String, id: UUID)
    /// Another live record refers to it.
    case inUse(String)
    /// A type kept once per organization (the podcast settings) already has its record.
    case alreadyExists(noun: String, id: UUID)
    /// The type is a ledger: its records are never changed or deleted (the message says what to
    /// do instead).
    case appendOnly(String)
    /// The type keeps this record from being removed (a sent announcement), saying why.
    case notRemovable(String)

    public var description: String {
        switch self {
        case .notFound(let noun, let id): tr("no {noun} with id {id}", ["noun": noun, "id": id.uuidString.lowercased()])
        case .inUse(let message), .appendOnly(let message), .notRemovable(let message): message
        case .alreadyExists(let noun, let id):
            tr("this organization has its {noun} already (id {id}); update that one",
               ["noun": noun, "id": id.uuidString.lowercased()])
        }
    }
}

/// What the window and the command line do to records of any type declared on the kit. Every
/// write validates with the type's declaration, checks references in the organization, and
/// stores the row with its outbox and history entries in one transaction; a refused write
/// changes nothing. Database work runs on GRDB's threads, never the caller's.
public final class RecordService: Sendable {
    public let database: AppDatabase

    public init(database: AppDatabase) {
        self.database = database
    }

    // MARK: Writes

    /// A new record from the given fields (missing ones are empty).
    public func create(_ type: RecordType, fields: JSONValue, in org: Organization) async throws -> LocalRecord {
        let checked = try type.validate(fields, orgZone: org.timeZone)
        return try await database.writer.write { db in
            try Self.insert(type, id: UUID(), checked: checked, org: org, db)
        }
    }

    private static func insert(_ type: RecordType, id: UUID, checked validated: JSONValue, org: Organization, _ db: Database) throws -> LocalRecord {
        let now = Date.storedNow
        try checkReferences(validated, of: type, org: org, db)
        let checked = try type.filledFromMedia(validated, orgId: org.id, db)
        let record = LocalRecord(entity: type.entity, id: id, orgId: org.id, createdAt: now, updatedAt: now, fields: checked)
        try type.checkOneOpen(checked, id: record.id, org: org, db)
        try type.checkAdmission(checked, id: record.id, org: org, db)
        if type.isSingleton, let existing = try live(type, org: org, db).first {
            throw RecordServiceError.alreadyExists(noun: type.noun, id: existing.id)
        }
        try RecordWrites.save(record, previous: nil, org: org, db)
        return record
    }

    /// The organization's one record of a singleton type, made or replaced with `checked`
    /// fields (already validated), inside the caller's transaction.
    @discardableResult
    static func put(_ type: RecordType, fields checked: JSONValue, in org: Organization, _ db: Database) throws -> LocalRecord {
        precondition(type.isSingleton, "put is for types kept once per organization")
        if let previous = try live(type, org: org, db).first {
            return try replace(type, previous: previous, validated: checked, org: org, db)
        }
        return try insert(type, id: UUID(), checked: checked, org: org, db)
    }

    /// Changes the named fields of a stored record, keeping the others (`stewardctl … update`).
    public func update(_ type: RecordType, id: UUID, changes: [String: JSONValue], in org: Organization) async throws -> LocalRecord {
        try Self.refuseIfAppendOnly(type)
        guard let current = try await record(type, id: id, in: org) else {
            throw RecordServiceError.notFound(noun: type.noun, id: id)
        }
        guard case .object(var fields) = current.fields else { return current }
        for (name, value) in changes { fields[name] = value }
        return try await replace(type, id: id, fields: .object(fields), in: org)
    }

    /// Replaces every field of a stored record (the editor's Save).
    public func replace(_ type: RecordType, id: UUID, fields: JSONValue, in org: Organization) async throws -> LocalRecord {
        try Self.refuseIfAppendOnly(type)
        let validated = try type.validate(fields, orgZone: org.timeZone)
        return try await database.writer.write { db in
            try Self.replace(type, previous: try Self.fetchLive(type, id: id, org: org, db), validated: validated, org: org, db)
        }
    }

    /// `previous` with `validated` fields, live (a removed record comes back with them).
    static func replace(_ type: RecordType, previous: LocalRecord, validated: JSONValue, org: Organization,
                                _ db: Database) throws -> LocalRecord {
        let revised = try type.revised(validated, previous: previous, org: org, db)
        try checkReferences(revised, of: type, org: org, db)
        let checked = try type.filledFromMedia(revised, orgId: org.id, db)
        try type.checkOneOpen(checked, id: previous.id, org: org, db)
        try type.checkAdmission(checked, id: previous.id, previous: previous.liveFields, org: org, db)
        var record = previous
        record.fields = checked
        record.deleted = false
        record.updatedAt = .storedNow
        try RecordWrites.save(record, previous: previous, org: org, db)
        return record
    }

    /// Writes records of a type with the ids given, in one transaction, all or none (an import):
    /// each new, or replacing the organization's record of that id (a removed one comes back
    /// with these fields). Records another organization holds are refused.
    public func save(_ type: RecordType, _ records: [(id: UUID, fields: JSONValue)], in org: Organization) async throws -> [LocalRecord] {
        try Self.refuseIfAppendOnly(type)
        let validated = try records.map { id, fields in (id, try type.validate(fields, orgZone: org.timeZone)) }
        return try await database.writer.write { db in
            try validated.map { id, checked in
                guard let previous = try type.storage.fetch(entity: type.entity, id: UUIDColumn.encode(id), db) else {
                    return try Self.insert(type, id: id, checked: checked, org: org, db)
                }
                guard previous.orgId == org.id else { throw RecordServiceError.notFound(noun: type.noun, id: id) }
                return try Self.replace(type, previous: previous, validated: checked, org: org, db)
            }
        }
    }

    /// Marks the record deleted (a tombstone the store will learn of), unless another live
    /// record still refers to it; `restore` undoes it.
    @discardableResult
    public func delete(_ type: RecordType, id: UUID, in org: Organization) async throws -> LocalRecord {
        try Self.refuseIfAppendOnly(type)
        return try await database.writer.write { db in
            let previous = try Self.fetchLive(type, id: id, org: org, db)
            if let refusal = type.removalRefusal?(previous.fields, Date()) { throw RecordServiceError.notRemovable(refusal) }
            if let user = try Self.referrer(of: previous, org: org, db) { throw RecordServiceError.inUse(user) }
            var record = previous
            record.deleted = true
            record.updatedAt = .storedNow
            try RecordWrites.save(record, previous: previous, org: org, db)
            return record
        }
    }

    @discardableResult
    public func restore(_ type: RecordType, id: UUID, in org: Organization) async throws -> LocalRecord {
        try Self.refuseIfAppendOnly(type)
        return try await database.writer.write { db in
            guard let previous = try type.storage.fetch(entity: type.entity, id: UUIDColumn.encode(id), db),
                  previous.orgId == org.id, previous.deleted
            else { throw RecordServiceError.notFound(noun: type.noun, id: id) }
            try Self.checkReferences(previous.fields, of: type, org: org, db)
            try type.checkOneOpen(previous.fields, id: id, org: org, db)
            var record = previous
            record.deleted = false
            record.updatedAt = .storedNow
            try RecordWrites.save(record, previous: previous, org: org, db)
            return record
        }
    }

    // MARK: Reads

    public func record(_ type: RecordType, id: UUID, in org: Organization) async throws -> LocalRecord? {
        try await database.writer.read { db in
            try type.storage.fetch(entity: type.entity, id: UUIDColumn.encode(id), db)
                .flatMap { $0.orgId == org.id && !$0.deleted ? $0 : nil }
        }
    }

    /// The organization's live records of the type, in the type's order, narrowed to those
    /// whose searchable fields contain every word of `search` (any case, any accents).
    public func list(_ type: RecordType, in org: Organization, search: String = "") async throws -> [LocalRecord] {
        if type.isSearchIndexed && SearchWords.ftsQuery(search) != nil {
            return try await page(type, in: org, search: search, limit: nil).records
        }
        let records = try await database.writer.read { db in try Self.live(type, org: org, db) }
        return RecordOrdering.sorted(RecordSearch.filter(records, type: type, search: search), type: type)
    }

    /// The rows the window's list of a `searchIndexed()` type shows at once.
    public static let indexedPageSize = 100

    /// What the window's list shows: the first `limit` records `list` would give, and how many
    /// it would give in all. A type declared `searchIndexed()` reads only that page through its
    /// index (a keystroke over 100,000 books within a frame); the others read all and cut.
    public func page(_ type: RecordType, in org: Organization, search: String = "", limit: Int?) async throws -> RecordPage {
        guard type.isSearchIndexed else {
            let all = try await list(type, in: org, search: search)
            return RecordPage(records: limit.map { Array(all.prefix($0)) } ?? all, total: all.count)
        }
        let page = try await database.writer.read { db in
            try RecordSearchIndex.page(type, orgId: org.id, search: search, limit: limit, db)
        }
        // The index's order is the list's, folded; the page itself is put in the list's exact order.
        return RecordPage(records: RecordOrdering.sorted(page.records, type: type), total: page.total,
                          totalIsLowerBound: page.totalIsLowerBound)
    }

    /// Where record `id` stands in the unsearched list of a type declared `searchIndexed()`
    /// (0: first), for a list that shows a page of it to read as far as the record; nil for a
    /// search, another type, or a record not listed.
    public func position(of id: UUID, _ type: RecordType, in org: Organization, search: String = "") async throws -> Int? {
        guard type.isSearchIndexed, SearchWords.ftsQuery(search) == nil else { return nil }
        return try await database.writer.read { db in
            try RecordSearchIndex.position(of: UUIDColumn.encode(id), type, orgId: org.id, db)
        }
    }

    /// The titles of records of `entity`, by id: for showing references ("Advent: Waiting Well"
    /// rather than an id).
    public func titles(of entity: String, in org: Organization) async throws -> [UUID: String] {
        guard let type = RecordTypes.named(entity) else { return [:] }
        let records = try await database.writer.read { db in try Self.live(type, org: org, db) }
        return Dictionary(records.map { ($0.id, type.title(of: $0.fields)) }, uniquingKeysWith: { first, _ in first })
    }

    // MARK: Rules that need the database

    /// A ledger's records are only added (see `RecordType.appendOnly`).
    static func refuseIfAppendOnly(_ type: RecordType) throws {
        if let refusal = type.appendOnlyRefusal { throw RecordServiceError.appendOnly(refusal) }
    }

    static func live(_ type: RecordType, org: Organization, _ db: Database) throws -> [LocalRecord] {
        try type.storage.all(entity: type.entity, orgId: org.id, db).filter { !$0.deleted }
    }

    static func fetchLive(_ type: RecordType, id: UUID, org: Organization, _ db: Database) throws -> LocalRecord {
        guard let record = try type.storage.fetch(entity: type.entity, id: UUIDColumn.encode(id), db),
              record.orgId == org.id, !record.deleted
        else { throw RecordServiceError.notFound(noun: type.noun, id: id) }
        return record
    }

    /// Each reference field names a live record of the organization, or nothing.
    static func checkReferences(_ fields: JSONValue, of type: RecordType, org: Organization, _ db: Database) throws {
        var known = LiveReferences()
        try checkReferences(fields, of: type, org: org, known: &known, db)
    }

    /// The records a bulk write's references were found to name, live, in its transaction: ten
    /// thousand stamp entries name one event, read once. Valid only within that transaction,
    /// and only while it adds records (nothing it does removes the records named).
    struct LiveReferences {
        fileprivate var found: Set<String> = []
    }

    /// `checkReferences`, each record named looked up once per `known`.
    static func checkReferences(_ fields: JSONValue, of type: RecordType, org: Organization,
                                known: inout LiveReferences, _ db: Database) throws {
        var issues = IssueCollector()
        for (field, target) in type.references {
            guard let id = fields[field.name]?.stringValue else { continue }
            let key = target + "/" + id
            if known.found.contains(key) { continue }
            let found = try RecordTypes.storage(for: target).fetch(entity: target, id: id, db)
            if let found, found.orgId == org.id, !found.deleted {
                known.found.insert(key)
                continue
            }
            let targetType = RecordTypes.named(target)
            let missing = tr("there is no {noun} {id} in this organization", ["noun": targetType?.noun ?? target, "id": id])
            let pointer = targetType.map { tr(" (see `{command}`)", ["command": "stewardctl \($0.commandName) list"]) }
            issues.add(field.optionName, missing + (pointer ?? ""))
        }
        try MediaFields.check(fields, of: type, orgId: org.id, issues: &issues, db)
        try issues.throwIfAny()
    }

    /// Why a record may not be deleted: a live record of the organization refers to it.
    static func referrer(of record: LocalRecord, org: Organization, _ db: Database) throws -> String? {
        for (type, field) in RecordTypes.referrers(of: record.entity) {
            let users = try live(type, org: org, db).filter { $0.fields[field.name]?.stringValue == record.key }
            guard let first = users.first else { continue }
            let more = users.count > 1 ? trn(" and {count} more", " and {count} more", users.count - 1) : ""
            let noun = RecordTypes.named(record.entity)?.noun ?? record.entity
            if type.isAppendOnly {
                // Entries of a ledger are never removed, so what they name is kept for good.
                return tr("this {noun} is kept for good: {things} name it, and they are never removed",
                          ["noun": noun, "things": type.pluralNoun])
            }
            return tr("this {noun} is still used by the {user} \"{title}\"{more}: change or remove those first",
                      ["noun": noun, "user": type.noun, "title": type.title(of: first.fields), "more": more])
        }
        return nil
    }
}
