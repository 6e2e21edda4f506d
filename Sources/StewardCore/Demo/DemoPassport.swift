import Foundation
import GRDB

/// The city office's passport over the past year: 24 members of its own (minors, some with a
/// guardian's opt-in, and adults who opted out of the leaderboard), check-ins at its past
/// events (`DemoEvents.cityPassportYear` and the recurring calendar) and at the ongoing mural walk, staff grants for forgotten phones and paper sheets,
/// and a few revocations. Stored as a sync from the store brings them (a version, nothing to
/// send), and the same for the same reference on every machine (`DemoRandom`). The events that
/// give stamps were made as staff make them, so each has its check-in key, made with it and
/// waiting in the outbox behind it (`CheckInKeys.makeWithEvent`): until the first sync, the
/// check-in screen says the store does not have the key yet rather than show a code.
enum DemoPassport {
    /// Adds them inside the caller's transaction, after the approvals' members; answers how
    /// many records (members and stamp entries).
    static func add(for org: Organization, reference: Date, _ db: Database) throws -> Int {
        guard org.kind == .cityOffice else { return 0 }
        var store = PulledRecords(org: org, reference: reference, db: db)
        for person in people {
            var fields: [String: JSONValue] = [
                "displayName": .string(person.name), "email": .string(person.email), "audience": .string(person.audience),
                "minor": .bool(person.minor), "registeredAt": .string(DateTimeText.utc(reference.addingTimeInterval(-380 * 86_400))),
            ]
            if let choice = person.leaderboard { fields["leaderboard"] = .string(choice.rawValue) }
            _ = try store.write(.member, .object(fields))
        }
        // The passport's people collect the stamps; the approval queue's members keep an empty
        // ledger, for trying out a first grant.
        let emails = Set(people.map(\.email))
        let collectors = try RecordService.live(.member, org: org, db)
            .filter { emails.contains($0["email"]?.stringValue ?? "") }
            .sorted { ($0["email"]?.stringValue ?? "") < ($1["email"]?.stringValue ?? "") }
        var random = DemoRandom(seed: 1_107)
        // How keen each member is: a spread from the odd visit to nearly every event.
        let keenness = collectors.map { _ in Double.random(in: 0.15...0.95, using: &random) }
        var checkIns: [(entry: String, member: LocalRecord, at: Date)] = []
        for event in try pastStampEvents(org: org, reference: reference, db) {
            for (index, member) in collectors.enumerated() where random.chance(keenness[index]) {
                let at = event.at(&random)
                let email = member["email"]?.stringValue ?? ""
                if random.chance(0.1) {
                    _ = try store.write(.stamp, StampEntry.fields(member: member.key, event: event.id, stamps: event.stamps,
                                                                  kind: .grant, by: office, at: later(at, by: 86_400, reference: reference),
                                                                  note: random.pick(grantNotes), occurrence: event.occurrence))
                } else {
                    let id = try store.write(.stamp, StampEntry.fields(member: member.key, event: event.id, stamps: event.stamps,
                                                                       kind: .checkIn, by: "member:\(email)", at: at, note: "",
                                                                       occurrence: event.occurrence))
                    checkIns.append((id, member, at))
                }
            }
        }
        // A few check-ins staff found out were not real.
        let spread = checkIns.count / max(1, revokeNotes.count)
        for (position, note) in revokeNotes.enumerated() where position * spread < checkIns.count {
            let target = checkIns[position * spread]
            guard let record = try RecordType.stamp.storage.fetch(entity: RecordType.stamp.entity, id: target.entry, db),
                  let entry = StampEntry(record) else { continue }
            _ = try store.write(.stamp, StampEntry.fields(member: entry.member, event: entry.event, stamps: -entry.stamps,
                                                          kind: .revoke, by: office,
                                                          at: later(target.at, by: 2 * 86_400, reference: reference),
                                                          note: note, reverses: entry.key, occurrence: entry.occurrence))
        }
        return store.added
    }

    /// `interval` after `date`, as staff catch up a day or two later, but never after the reference:
    /// the demo has no entries from the future.
    static func later(_ date: Date, by interval: TimeInterval, reference: Date) -> Date {
        min(date.addingTimeInterval(interval), max(date.addingTimeInterval(60), reference.addingTimeInterval(-60)))
    }

    static let office = "community@riverton.example.gov"

    static let people: [(name: String, email: String, audience: String, minor: Bool, leaderboard: LeaderboardChoice?)] = [
        ("Alejandra Ruiz", "ale.ruiz@mail.example", "residents", false, nil),
        ("Ben Whitfield", "ben.whitfield@mail.example", "residents", false, nil),
        ("Chloe Nguyen", "c.nguyen@riverton-u.example.edu", "students", false, nil),
        ("Dmitri Petrov", "dmitri.p@mail.example", "residents", false, .optOut),
        ("Esi Mensah", "esi.mensah@riverton-u.example.edu", "students", false, nil),
        ("Farah Haddad", "farah.h@mail.example", "residents", false, nil),
        ("Gabe Lindqvist", "gabe.l@mail.example", "residents", true, .optIn),
        ("Hana Sato", "hana.sato@mail.example", "residents", true, nil),
        ("Isaac Brown", "isaac.brown@riverton-u.example.edu", "students", false, nil),
        ("June Park", "june.park@mail.example", "residents", false, nil),
        ("Kofi Asante", "kofi.asante@mail.example", "residents", false, nil),
        ("Lena Vogel", "lena.vogel@riverton-u.example.edu", "students", false, nil),
        ("Mateo Silva", "mateo.silva@mail.example", "residents", false, nil),
        ("Nadia Karimi", "nadia.k@mail.example", "residents", false, nil),
        ("Omar Farouk", "omar.farouk@riverton-u.example.edu", "students", false, nil),
        ("Priscilla Owens", "p.owens@mail.example", "residents", false, .optOut),
        ("Quinn Murphy", "quinn.murphy@riverton-u.example.edu", "students", false, nil),
        ("Rosa Delgado", "rosa.delgado@mail.example", "residents", false, nil),
        ("Sam Okafor", "sam.okafor@mail.example", "residents", true, .optIn),
        ("Tomás Herrera", "tomas.herrera@riverton-u.example.edu", "students", false, nil),
        ("Uma Iyer", "uma.iyer@mail.example", "residents", false, nil),
        ("Victor Chen", "victor.chen@mail.example", "residents", false, nil),
        ("Wren Adler", "wren.adler@mail.example", "residents", true, nil),
        ("Yusuf Demir", "yusuf.demir@riverton-u.example.edu", "students", false, nil),
    ]

    static let grantNotes = [
        "Signed the paper sheet; phone battery was dead",
        "Helped set up before the code went up",
        "Volunteer at the welcome table all day",
        "No smartphone; checked in with staff",
    ]

    static let revokeNotes = [
        "Checked in from home: the code was shared in a group chat",
        "Duplicate account; stamp moved to the member's main account",
        "Left before the event started, confirmed by the organizer",
    ]

    /// A past event (or a past date of a series) of the office that earns stamps: the ongoing
    /// ones get check-ins on days spread over the past year.
    struct StampEvent {
        var id: String
        var stamps: Int
        var start: Date?
        var end: Date?
        var reference: Date
        /// A series' date (its original local start); nil for an event that happens once.
        var occurrence: String? = nil

        func at(_ random: inout DemoRandom) -> Date {
            guard let start else {
                return reference.addingTimeInterval(-Double(Int.random(in: 1...360, using: &random)) * 86_400
                                                    - Double(Int.random(in: 0..<600, using: &random)) * 60)
            }
            let length = max(60, (end ?? start).timeIntervalSince(start))
            return start.addingTimeInterval(Double.random(in: 0..<length, using: &random).rounded())
        }
    }

    static func pastStampEvents(org: Organization, reference: Date, _ db: Database) throws -> [StampEvent] {
        let zone = org.timeZone
        // A series is checked into at each of its past dates (the codes are per date).
        let yearBack = reference.addingTimeInterval(-400 * 86_400)
        let seriesDates = try Dictionary(grouping: Event.fetchAll(db, sql: "SELECT * FROM event WHERE orgId = ? AND deleted = 0",
                                                                      arguments: [UUIDColumn.encode(org.id)])
            .filter { $0.details.stampValue > 0 && $0.details.repeats.isSeries }
            .flatMap { $0.occurrences(from: yearBack, to: reference, zone: zone) }) { $0.eventId.uuidString.lowercased() }
        return try RecordService.live(.event, org: org, db).flatMap { record -> [StampEvent] in
            let stamps = Int(record["stampValue"]?.int64Value ?? 0)
            guard stamps > 0 else { return [] }
            if let dates = seriesDates[record.key.lowercased()] {
                return dates.compactMap { date in
                    guard let (start, end) = date.span(zone: zone), end < reference else { return nil }
                    return StampEvent(id: record.key, stamps: stamps, start: start, end: end, reference: reference,
                                      occurrence: date.occurrence)
                }
            }
            let window = RecordType.event.storeWindow(of: record.fields, zone: zone)
            let start = window.start.map(Milliseconds.date), end = window.end.map(Milliseconds.date)
            guard (end ?? .distantPast) < reference || start == nil else { return [] }
            return [StampEvent(id: record.key, stamps: stamps, start: start, end: end, reference: reference)]
        }.sorted { ($0.start ?? .distantPast, $0.id) < ($1.start ?? .distantPast, $1.id) }
    }

    /// Records as a pull would have stored them: a store version each and nothing to send.
    struct PulledRecords {
        let org: Organization
        let reference: Date
        let db: Database
        var version: Int64 = 3_000
        var added = 0

        @discardableResult
        mutating func write(_ type: RecordType, _ fields: JSONValue, id: UUID = UUID()) throws -> String {
            version += 1
            added += 1
            let record = LocalRecord(entity: type.entity, id: id, orgId: org.id, version: version, createdAt: reference,
                                     updatedAt: reference, fields: try type.validate(fields, orgZone: org.timeZone))
            try type.storage.write(record, org: org, db)
            return record.key
        }
    }
}
