import Foundation
import GRDB
import Translation

/// Staff's side of the passport's stamp ledger: grants and revocations, one at a time or in
/// bulk, and what the ledger adds up to. Every write reads the ledger in the same transaction
/// it appends in, so two grants at once cannot both pass the one-stamp-per-event rule; entries
/// go to the outbox like any edit, and the store applies them as they are (it never changes
/// an entry either). Refusals are `ValidationError`s naming the option at fault.
public final class StampLedger: Sendable {
    public let database: AppDatabase

    public init(database: AppDatabase) {
        self.database = database
    }

    // MARK: Reads

    /// The organization's entries, newest first, narrowed to a member and an event when given.
    public func entries(in org: Organization, member: UUID? = nil, event: UUID? = nil) async throws -> [StampEntry] {
        let entries = try await database.writer.read { db in try Self.entries(org, db) }
        let memberKey = member.map(UUIDColumn.encode), eventKey = event.map(UUIDColumn.encode)
        return entries.filter { entry in
            (memberKey == nil || entry.member == memberKey) && (eventKey == nil || entry.event == eventKey)
        }.sorted { StampTotals.chronological($1, $0) }
    }

    /// One member's passport as the app reads it from the store (`MemberPassport`): what the
    /// console's member view shows, from the same ledger.
    public func passport(of member: UUID, in org: Organization, now: Date = Date()) async throws -> MemberPassport {
        let levels = try await PassportLevels.of(org, database: database)
        return try await database.writer.read { db in
            let memberKey = UUIDColumn.encode(member), orgKey = UUIDColumn.encode(org.id)
            let entries = try Self.entries(org, db).filter { $0.member.lowercased() == memberKey }
            var titles: [String: String] = [:]
            for event in Set(entries.map { $0.event.lowercased() }) {
                titles[event] = try String.fetchOne(db, sql: "SELECT title FROM event WHERE id = ? AND orgId = ? AND deleted = 0",
                                                    arguments: [event, orgKey])
            }
            let prizes = try RecordService.live(.prize, org: org, db).map { (id: $0.key, fields: $0.fields) }
            return MemberPassport(entries: entries, levels: levels, eventTitles: titles, prizes: prizes, now: now)
        }
    }

    public func totals(in org: Organization) async throws -> StampTotals {
        StampTotals(try await database.writer.read { db in try Self.entries(org, db) })
    }

    /// Members who show on the leaderboard, ranked (see `Leaderboard`), with the organization's
    /// levels.
    public func leaderboard(in org: Organization) async throws -> [LeaderboardRow] {
        let (members, entries, levels) = try await database.writer.read { db in
            (try RecordService.live(.member, org: org, db), try Self.entries(org, db), try PassportLevels.of(org, db))
        }
        return Leaderboard.rank(members: members, totals: StampTotals(entries), levels: levels)
    }

    // MARK: Writes

    /// Gives `member` the event's stamps, with staff's reason; refused when they already hold a
    /// stamp for the event (an entry not revoked).
    @discardableResult
    public func grant(member: UUID, event: UUID, note: String, in org: Organization, at now: Date = Date()) async throws -> StampEntry {
        let note = try Self.requiredNote(note)
        return try await database.writer.write { db in
            let event = try Self.stampEvent(event, org: org, db)
            let entries = try Self.entries(org, db)
            let member = try Self.member(member, org: org, db)
            if let held = Self.held(by: member.key, at: event.record.key, in: entries) {
                throw ValidationError(field: "member", message: Self.alreadyHeld(member, held, event: event, org: org))
            }
            let author = try HistoryLog.localAuthor(orgId: org.id, db)
            return try Self.append(StampEntry.fields(member: member.key, event: event.record.key, stamps: event.stamps,
                                                     kind: .grant, by: author, at: now, note: note), org: org, db,
                                   id: Self.stampId(member: member.key, event: event.record.key, entries: entries))
        }
    }

    /// Reverses an entry with a new one of the opposite stamps; refused for a revocation and
    /// for an entry already revoked.
    @discardableResult
    public func revoke(_ entryId: UUID, note: String, in org: Organization, at now: Date = Date()) async throws -> StampEntry {
        let note = try Self.requiredNote(note)
        return try await database.writer.write { db in
            let entries = try Self.entries(org, db)
            let key = UUIDColumn.encode(entryId)
            guard let target = entries.first(where: { $0.key == key }) else {
                throw RecordServiceError.notFound(noun: RecordType.stamp.noun, id: entryId)
            }
            if target.kind == .revoke {
                throw ValidationError(field: "entry", message: tr("{id} is itself a revocation; entries are revoked, revocations are not",
                                                                  ["id": key]))
            }
            if let earlier = entries.first(where: { $0.kind == .revoke && $0.reverses == key }) {
                throw ValidationError(field: "entry", message: tr("{id} was already revoked on {date} by {author}",
                                                                  ["id": key, "date": DateTimeText.local(earlier.at, zone: org.timeZone),
                                                                   "author": earlier.by]))
            }
            let author = try HistoryLog.localAuthor(orgId: org.id, db)
            return try Self.append(StampEntry.fields(member: target.member, event: target.event, stamps: -target.stamps,
                                                     kind: .revoke, by: author, at: now, note: note, reverses: key),
                                   org: org, db)
        }
    }

    /// Who among `emails` would get the event's stamps, who has one already and which
    /// addresses are no member's; nothing is written.
    public func preview(emails: [String], event: UUID, in org: Organization) async throws -> StampImportPreview {
        try await database.writer.read { db in try Self.preview(emails, event: event, org: org, db) }
    }

    /// Grants the event's stamps to every member `emails` name who has none for it yet, in one
    /// transaction; answers the preview it acted on (read in that transaction) and the entries.
    public func grantAll(emails: [String], event: UUID, note: String, in org: Organization,
                         at now: Date = Date()) async throws -> (preview: StampImportPreview, entries: [StampEntry]) {
        let note = try Self.requiredNote(note)
        // One transaction, unlike a catalogue import's batches: the preview staff read is
        // written whole or not at all, and a sign-in sheet's entries are few enough (10,000
        // in a fraction of a second) that nothing waits long behind them.
        return try await database.writer.write { db in
            let entries = try Self.entries(org, db)
            let preview = try Self.preview(emails, event: event, org: org, entries: entries, db)
            let author = try HistoryLog.localAuthor(orgId: org.id, db)
            // Each member's earlier rounds at the event counted once, not looked for in the
            // whole ledger for each grant; the member and the event checked once for all.
            let rounds = StampRounds(entries)
            var references = RecordService.LiveReferences()
            let made = try preview.granted.map { person in
                try Self.append(StampEntry.fields(member: person.member, event: preview.event, stamps: preview.stamps,
                                                  kind: .grant, by: author, at: now, note: note), org: org,
                                references: &references, db,
                                id: rounds.stampId(member: person.member, event: preview.event))
            }
            return (preview, made)
        }
    }

    // MARK: Inside a transaction

    static func entries(_ org: Organization, _ db: Database) throws -> [StampEntry] {
        try RecordService.live(.stamp, org: org, db).compactMap(StampEntry.init)
    }

    /// The entry that gives `member` their stamp for `event`, if one still counts.
    static func held(by member: String, at event: String, in entries: [StampEntry]) -> StampEntry? {
        StampTotals.live(entries).first { $0.member == member && $0.event == event }
    }

    /// The id a new stamp of `member` at `event` takes: derived from the two (and how many of
    /// their stamps there were revoked), as the store derives a check-in's, so a second stamp
    /// for the same member and event, from another console or a check-in, is the same record
    /// and the store refuses it.
    static func stampId(member: String, event: String, entries: [StampEntry]) -> UUID {
        StampRounds(entries).stampId(member: member, event: event)
    }

    private static func append(_ fields: JSONValue, org: Organization, _ db: Database, id: UUID = UUID()) throws -> StampEntry {
        var references = RecordService.LiveReferences()
        return try append(fields, org: org, references: &references, db, id: id)
    }

    private static func append(_ fields: JSONValue, org: Organization, references: inout RecordService.LiveReferences,
                               _ db: Database, id: UUID) throws -> StampEntry {
        let checked = try RecordType.stamp.validate(fields, orgZone: org.timeZone)
        try RecordService.checkReferences(checked, of: .stamp, org: org, known: &references, db)
        let now = Date.storedNow
        let record = LocalRecord(entity: RecordType.stamp.entity, id: id, orgId: org.id, createdAt: now, updatedAt: now,
                                 fields: checked)
        try RecordWrites.save(record, previous: nil, org: org, db)
        guard let entry = StampEntry(record) else { throw ValidationError(field: "entry", message: tr("invalid input")) }
        return entry
    }

    static func requiredNote(_ note: String) throws -> String {
        let trimmed = note.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty {
            throw ValidationError(field: "note", message: tr("is required: say why staff grant or revoke stamps (e.g. --note \"Signed the paper sheet\")"))
        }
        return trimmed
    }

    static func member(_ id: UUID, org: Organization, _ db: Database) throws -> LocalRecord {
        guard let record = try RecordType.member.storage.fetch(entity: RecordType.member.entity, id: UUIDColumn.encode(id), db),
              record.orgId == org.id, !record.deleted
        else {
            throw ValidationError(field: "member", message: tr("there is no member {id} in this organization (see `{command}`)",
                                                               ["id": UUIDColumn.encode(id), "command": "stewardctl members list"]))
        }
        return record
    }

    /// An event of the organization, with the stamps it earns: its stamp value, which may be 0
    /// (an event staff forgot to give one still takes entries; the command line warns).
    static func stampEvent(_ id: UUID, org: Organization, _ db: Database) throws -> (record: LocalRecord, stamps: Int) {
        guard let record = try RecordType.event.storage.fetch(entity: SyncEntity.event, id: UUIDColumn.encode(id), db),
              record.orgId == org.id, !record.deleted
        else {
            throw ValidationError(field: "event", message: tr("there is no event {id} in this organization (see `{command}`)",
                                                              ["id": UUIDColumn.encode(id), "command": "stewardctl events list"]))
        }
        return (record, Int(record["stampValue"]?.int64Value ?? 0))
    }

    private static func alreadyHeld(_ member: LocalRecord, _ held: StampEntry, event: (record: LocalRecord, stamps: Int),
                                    org: Organization) -> String {
        tr("{member} already has a stamp for “{event}”: {kind} on {date} (entry {id}); one stamp per member per event",
           ["member": member["email"]?.stringValue ?? member.key, "event": RecordType.event.title(of: event.record.fields),
            "kind": held.kind.text, "date": DateTimeText.local(held.at, zone: org.timeZone), "id": held.key])
    }

    static func preview(_ emails: [String], event id: UUID, org: Organization, _ db: Database) throws -> StampImportPreview {
        try preview(emails, event: id, org: org, entries: try Self.entries(org, db), db)
    }

    static func preview(_ emails: [String], event id: UUID, org: Organization, entries: [StampEntry],
                        _ db: Database) throws -> StampImportPreview {
        let event = try stampEvent(id, org: org, db)
        // The entries that still count at this event, by member: found at once for each e-mail.
        var heldAtEvent: [String: StampEntry] = [:]
        for entry in StampTotals.live(entries) where entry.event == event.record.key && heldAtEvent[entry.member] == nil {
            heldAtEvent[entry.member] = entry
        }
        let members = try RecordService.live(.member, org: org, db)
        var byEmail: [String: LocalRecord] = [:]
        for member in members {
            if let email = member["email"]?.stringValue?.lowercased() { byEmail[email] = member }
        }
        var preview = StampImportPreview(event: event.record.key, eventTitle: RecordType.event.title(of: event.record.fields),
                                         stamps: event.stamps)
        var seen = Set<String>()
        for raw in emails {
            let email = raw.trimmingCharacters(in: .whitespaces).lowercased()
            guard !email.isEmpty, seen.insert(email).inserted else { continue }
            guard let member = byEmail[email] else {
                preview.unknown.append(email)
                continue
            }
            let person = StampImportPreview.Person(email: email, member: member.key,
                                                   name: member["displayName"]?.stringValue ?? "")
            if let held = heldAtEvent[member.key] {
                preview.alreadyStamped.append((person, held))
            } else {
                preview.granted.append(person)
            }
        }
        return preview
    }
}

/// How many stamps (revoked or not) each member has had at each event, for the id their next
/// one takes (`StampLedger.stampId`): counted once for a whole bulk grant.
struct StampRounds {
    private var counts: [String: Int] = [:]

    init(_ entries: [StampEntry]) {
        for entry in entries where entry.kind != .revoke {
            counts[Self.key(entry.member, entry.event), default: 0] += 1
        }
    }

    func stampId(member: String, event: String) -> UUID {
        UUID(uuidString: CheckInRules.entryId(member: member, event: event, round: counts[Self.key(member, event)] ?? 0))!
    }

    private static func key(_ member: String, _ event: String) -> String { member + " " + event }
}
