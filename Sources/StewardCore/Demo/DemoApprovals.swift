import Foundation
import GRDB

/// The city office's approval queue: members who registered in the app (two of them trusted
/// organizers), the office's stock reasons, and submissions in every state: pending, changes
/// requested, a re-review of an approved event whose time and place changed, rejected, and
/// approved. What the store made is stored as a sync would have brought it (a version, no
/// outbox entry); the stock reasons as staff made them, to be sent.
enum DemoApprovals {
    /// Stores them inside the caller's transaction; answers how many records staff made (the
    /// stock reasons, sent by the next sync) and how many came as from the store (members,
    /// submissions, and the events of the approved ones).
    static func add(for org: Organization, reference: Date, _ db: Database) throws -> (sent: Int, fromStore: Int, events: Int) {
        guard org.kind == .cityOffice else { return (0, 0, 0) }
        var demo = Builder(org: org, reference: reference, db: db)
        try demo.reasons()
        let members = try demo.members()
        try demo.submissions(members)
        return (demo.added, demo.pulledRecords, demo.pulledEvents)
    }

    fileprivate static let people: [(name: String, email: String, audience: MemberAudience, role: MemberRole, disabled: Bool)] = [
        ("Rosa Delgado", "rosa.delgado@mail.example", .residents, .organizer, false),
        ("Keep Riverton Beautiful", "hello@keepriverton.example.org", .residents, .organizer, false),
        ("Marcus Chen", "marcus.chen@mail.example", .residents, .member, false),
        ("Priya Raman", "priya@riverton-u.example.edu", .students, .member, false),
        ("Tomás Ortega", "tomas.ortega@mail.example", .residents, .member, false),
        ("Hannah Okafor", "h.okafor@riverton-u.example.edu", .students, .member, false),
        ("Eastside Tenants Union", "eastside.tenants@mail.example", .residents, .member, false),
        ("Gary Block", "gary.block@mail.example", .residents, .member, true),
    ]

    static let stockReasons = [
        "Add a contact email", "Add the street address or a map link", "Give an end time",
        "Not a community event (commercial or private)", "Duplicate of an event already listed",
    ]

    private struct Builder {
        let org: Organization
        let reference: Date
        let db: Database
        var added = 0
        var pulledRecords = 0
        var pulledEvents = 0
        /// Store versions the demo's store-made records pretend to have.
        var version: Int64 = 1_000

        init(org: Organization, reference: Date, db: Database) {
            self.org = org
            self.reference = reference
            self.db = db
        }

        mutating func reasons() throws {
            for (position, text) in DemoApprovals.stockReasons.enumerated() {
                let fields = try RecordType.reason.validate(.object(["text": .string(text), "position": .int(Int64(position))]),
                                                            orgZone: org.timeZone)
                try RecordWrites.save(LocalRecord(entity: RecordType.reason.entity, orgId: org.id, fields: fields),
                                      previous: nil, org: org, db)
                added += 1
            }
        }

        mutating func members() throws -> [(id: String, name: String, email: String)] {
            var made: [(String, String, String)] = []
            for (index, person) in DemoApprovals.people.enumerated() {
                let fields: JSONValue = .object([
                    "displayName": .string(person.name), "email": .string(person.email),
                    "audience": .string(person.audience.rawValue), "role": .string(person.role.rawValue),
                    "disabled": .bool(person.disabled),
                    "registeredAt": .string(DateTimeText.utc(days(-60 + index * 5, hour: 19))),
                ])
                made.append((try pulled(.member, fields), person.name, person.email))
            }
            return made
        }

        mutating func submissions(_ members: [(id: String, name: String, email: String)]) throws {
            let office = "community@riverton.example.gov"
            func proposal(_ title: String, _ place: String, _ address: String, day: Int, hour: Int, hours: Int = 2,
                          description: String, contact: String? = nil) -> JSONValue {
                EventDetails(title: title, description: description, locationName: place, address: address,
                             timing: .timed(start: days(day, hour: hour), end: days(day, hour: hour + hours),
                                            timeZone: org.timeZone.identifier),
                             contact: Contact(name: "", email: contact), audience: ["residents"]).syncFields
            }
            // Pending, oldest first.
            let pending: [(Int, JSONValue, Int)] = [
                (2, proposal("Block Party on Elm Street", "Elm Street between 3rd and 5th", "Elm St, Riverton, NY",
                             day: 12, hour: 14, hours: 5, description: "Music, a bouncy castle and a potluck. Street closed to cars."), -6),
                (3, proposal("Study Jam for Finals", "Riverton University Library, Room 204", "200 College Ave, Riverton, NY",
                             day: 9, hour: 18, hours: 4, description: "Quiet group study with free coffee.",
                             contact: "priya@riverton-u.example.edu"), -4),
                (4, proposal("Free Bike Tune-Ups", "Kemble Park Pavilion", "Kemble St & Mohawk St, Riverton, NY",
                             day: 16, hour: 10, hours: 3, description: "Volunteer mechanics check brakes, gears and tires."), -3),
                (6, proposal("Tenants' Rights Workshop", "Eastside Library Branch", "410 Bleecker St, Riverton, NY",
                             day: 8, hour: 18, description: "What your lease says and what the law says.",
                             contact: "eastside.tenants@mail.example"), -1),
            ]
            for (member, event, day) in pending {
                try submission(event, by: members[member], moves: [(.pending, "", day)])
            }
            // Changes requested, waiting for the submitter.
            try submission(proposal("Chess in the Park", "Chancellor Park", "Chancellor Park, Riverton, NY", day: 10, hour: 13,
                                    description: "Boards provided; all levels welcome."),
                           by: members[5], moves: [(.pending, "", -8), (.changesRequested, "Add a contact email", -7)],
                           decidedBy: office)
            try submission(proposal("Community Garden Work Day", "Oneida Square Garden", "Oneida Sq, Riverton, NY",
                                    day: 13, hour: 9, hours: 3, description: "Spring planting; bring gloves."),
                           by: members[4], moves: [(.pending, "", -9), (.changesRequested, "Give an end time", -6)],
                           decidedBy: office)
            // Rejected, kept.
            try submission(proposal("Grand Opening Sale at Gary's Garage", "Gary's Garage", "88 Genesee St, Riverton, NY",
                                    day: 5, hour: 9, hours: 8, description: "Everything 20% off!"),
                           by: members[7], moves: [(.pending, "", -12), (.rejected, "Not a community event (commercial or private)", -11)],
                           decidedBy: office)
            // Approved, by staff and, for a trusted organizer, on arrival.
            try submission(proposal("Senior Tech Help Hour", "Riverton Public Library", "303 Genesee St, Riverton, NY",
                                    day: 6, hour: 10, description: "Help with phones, tablets and email.",
                                    contact: "marcus.chen@mail.example"),
                           by: members[2], moves: [(.pending, "", -10), (.approved, "", -9)], decidedBy: office)
            try submission(proposal("Riverside Cleanup", "Riverfront Plaza", "100 Front St, Riverton, NY", day: 11, hour: 9,
                                    hours: 3, description: "Bags and gloves provided.", contact: "hello@keepriverton.example.org"),
                           by: members[1], moves: [(.approved, "trusted organizer: approved on arrival", -5)],
                           decidedBy: "member:hello@keepriverton.example.org")
            // A re-review: approved, then moved to another day and place by its submitter.
            let approved = proposal("Lantern Making Workshop", "Parkway Recreation Center", "220 Memorial Pkwy, Riverton, NY",
                                    day: 14, hour: 17, description: "Make a paper lantern for the Festival of Lights.",
                                    contact: "rosa.delgado@mail.example")
            let moved = proposal("Lantern Making Workshop", "Bagg's Square Community Room", "Bagg's Square, Riverton, NY",
                                 day: 15, hour: 16, hours: 3, description: "Make a paper lantern for the Festival of Lights.",
                                 contact: "rosa.delgado@mail.example")
            let reReview = try submission(approved, by: members[3], moves: [(.pending, "", -14), (.approved, "", -13)],
                                          decidedBy: office)
            try reviewAgain(reReview, moved: moved, approved: approved, by: members[3], day: -2)
        }

        /// Stores a submission that went through `moves` (status, reason, day), and its event
        /// when it ended approved; answers its id.
        @discardableResult
        mutating func submission(_ event: JSONValue, by member: (id: String, name: String, email: String),
                                 moves: [(SubmissionStatus, String, Int)], decidedBy: String = "") throws -> String {
            var record = SubmissionRecord(event: event, submitterId: member.id, submitterName: member.name,
                                          submitterEmail: member.email, at: days(moves[0].2, hour: 20))
            var based: Int64 = 0
            for (index, move) in moves.enumerated() {
                let by = index == 0 ? "member:\(member.email)" : decidedBy
                if index > 0 { record.noteDecision(by: by, at: days(move.2, hour: 10), reason: move.1) }
                record.move(to: move.0, by: by, at: days(move.2, hour: index == 0 ? 20 : 10), reason: move.1, basedOn: based)
                based = version + Int64(index) + 1
            }
            let id = try pulled(.submission, record.json)
            if record.status == .approved {
                try pulledEvent(event, id: id)
            }
            return id
        }

        mutating func reviewAgain(_ id: String, moved: JSONValue, approved: JSONValue,
                                  by member: (id: String, name: String, email: String), day: Int) throws {
            guard let stored = try RecordType.submission.storage.fetch(entity: RecordType.submission.entity, id: id, db) else { return }
            var record = SubmissionRecord(fields: stored.fields)
            record.setEvent(moved)
            record.fields["updatedAt"] = .string(DateTimeText.utc(days(day, hour: 21)))
            record.fields["reReview"] = .bool(true)
            record.changes = ReviewChange.between(approved: approved, proposed: moved, zone: org.timeZone)
            record.move(to: .pending, by: "member:\(member.email)", at: days(day, hour: 21), reason: "", basedOn: stored.version)
            var updated = stored
            version += 1
            updated.version = version
            updated.fields = try RecordType.submission.validate(record.json, orgZone: org.timeZone)
            try RecordType.submission.storage.write(updated, org: org, db)
        }

        /// A record as a pull would have stored it: with a store version and nothing to send.
        mutating func pulled(_ type: RecordType, _ fields: JSONValue, id: UUID = UUID()) throws -> String {
            version += 1
            let record = LocalRecord(entity: type.entity, id: id, orgId: org.id, version: version, createdAt: reference,
                                     updatedAt: reference, fields: try type.validate(fields, orgZone: org.timeZone))
            try type.storage.write(record, org: org, db)
            if type.entity == SyncEntity.event { pulledEvents += 1 } else { pulledRecords += 1 }
            return record.key
        }

        mutating func pulledEvent(_ fields: JSONValue, id: String) throws {
            guard let uuid = UUID(uuidString: id) else { return }
            _ = try pulled(.event, fields, id: uuid)
        }

        func days(_ count: Int, hour: Int) -> Date {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = org.timeZone
            let day = calendar.date(byAdding: .day, value: count, to: calendar.startOfDay(for: reference))!
            return calendar.date(byAdding: .hour, value: hour, to: day)!
        }
    }
}
