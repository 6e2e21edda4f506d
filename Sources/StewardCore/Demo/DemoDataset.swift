import Foundation
import GRDB

/// Fills a database with the demo: five organizations (one of each kind Steward serves), their
/// calendars, past and upcoming, around `reference` (normally today), and the church's
/// bulletins, sermons with their podcast, and giving funds, the city office's members, approval queue and passport stamps, the lending library's books and loans, and the campus ministry's rides.
public struct DemoDataset: Sendable {
    public let database: AppDatabase

    public init(database: AppDatabase) {
        self.database = database
    }

    public struct Summary: Sendable, Equatable {
        public var organizationsAdded: Int
        public var eventsAdded: Int
        /// Bulletins, series, messages, podcast settings, giving funds, stock reasons and the
        /// library's shelves, books, people and loans: made as
        /// staff make them, waiting in the outbox.
        public var recordsAdded = 0
        /// The city office's members and submissions, stored as a sync from the store brings
        /// them (nothing to send).
        public var storeRecordsAdded = 0
        /// The events of the approved submissions, likewise.
        public var storeEventsAdded = 0
        /// The city office's passport members and stamp entries, likewise.
        public var passportRecordsAdded = 0
        /// The city office's passport levels and prizes (waiting in the outbox, as staff make
        /// them) and members' redemptions (as the store has them).
        public var prizeRecordsAdded = 0
        /// The city office's survey questions (waiting in the outbox) and members' answers (as
        /// the store has them).
        public var surveyRecordsAdded = 0
        /// The city office's community pages and map pins, waiting in the outbox.
        public var communityRecordsAdded = 0
        /// The campus ministry's members, ride offers and requests, its retreat's plan and
        /// notifications, likewise (`DemoRides`).
        public var rideRecordsAdded = 0
        /// The gym's mirrored month of classes (not synced as records: a mirror of its booking service).
        public var scheduledClassesAdded = 0
        /// The check-in keys of the events that give stamps, made with them as staff make them
        /// (`CheckInKeys.makeWithEvent`), waiting in the outbox right behind their events.
        public var checkInKeysAdded = 0
    }

    /// Adds the demo organizations that are missing, with their calendars and other records.
    /// Running it again adds nothing: an organization that exists keeps its records as they are.
    public func load(reference: Date = Date()) throws -> Summary {
        try database.writer.write { db in
            var summary = Summary(organizationsAdded: 0, eventsAdded: 0)
            for org in DemoOrganizations.all {
                if try Organization.filter(Column("slug") == org.slug).fetchCount(db) > 0 { continue }
                try org.insert(db)
                summary.organizationsAdded += 1
                // Calendars first: the events name them, and the store checks they exist.
                let calendars = try DemoCalendars.add(for: org, db)
                summary.recordsAdded += calendars.count
                // Campuses and ministries too: events and resources are tagged with them.
                let campuses = try DemoCampuses.add(for: org, db)
                summary.recordsAdded += campuses.count
                for details in DemoEvents.events(for: org, reference: reference, calendars: calendars, campuses: campuses) {
                    _ = try EventService.create(details, in: org, db)
                    summary.eventsAdded += 1
                }
                summary.recordsAdded += try DemoRecords.add(for: org, reference: reference, db)
                summary.recordsAdded += try DemoLibrary.add(for: org, reference: reference, db)
                summary.recordsAdded += try DemoProfiles.add(for: org, reference: reference, db)
                summary.recordsAdded += try DemoGymContent.add(for: org, reference: reference, db)
                summary.recordsAdded += try DemoMinistry.add(for: org, reference: reference, campuses: campuses, db)
                let approvals = try DemoApprovals.add(for: org, reference: reference, db)
                summary.recordsAdded += approvals.sent
                summary.storeRecordsAdded += approvals.fromStore
                summary.storeEventsAdded += approvals.events
                summary.passportRecordsAdded += try DemoPassport.add(for: org, reference: reference, db)
                summary.prizeRecordsAdded += try DemoPrizes.add(for: org, reference: reference, db)
                summary.surveyRecordsAdded += try DemoSurvey.add(for: org, reference: reference, db)
                summary.communityRecordsAdded += try DemoCommunity.add(for: org, reference: reference, db)
                let classes = try DemoSchedule.add(for: org, reference: reference, db)
                summary.scheduledClassesAdded += classes
                summary.recordsAdded += classes  // each served to the apps as a record
                summary.rideRecordsAdded += try DemoRides.add(for: org, reference: reference, db)
                summary.checkInKeysAdded += try RecordService.live(.checkInKey, org: org, db).count
                try Self.leaveUnsent(org, db)
            }
            return summary
        }
    }

    /// The demo is a console that has never synced: what staff make waits in the outbox for
    /// the first store it meets. Some demo records are written with store versions, beside the
    /// store-made ones that refer to them or that they refer to; every one of them that a
    /// console can send is made unsent here, so only what a store alone makes (members,
    /// answers, submissions, check-ins' stamps) keeps a version, as a pull would have brought it.
    static func leaveUnsent(_ org: Organization, _ db: Database) throws {
        let versioned = try RecordTypes.allRecords(orgId: org.id, db).filter { $0.version > 0 }
        try RecordsNotOnStore.markUnsent(RecordsNotOnStore.split(versioned).send, db)
    }

    /// Adds `count` generated events, spread over `orgs` in turn (all organizations when nil).
    public func addGeneratedEvents(_ count: Int, to orgs: [Organization]? = nil, seed: UInt64 = 42,
                                   reference: Date = Date()) throws -> Int {
        let targets = try orgs ?? database.writer.read { db in try OrganizationService.all(db) }
        guard !targets.isEmpty, count > 0 else { return 0 }
        let service = EventService(database: database)
        var added = 0
        for (position, org) in targets.enumerated() {
            let share = count / targets.count + (position < count % targets.count ? 1 : 0)
            let details = GeneratedEvents.make(count: share, zone: org.timeZone,
                                               seed: seed &+ UInt64(position), reference: reference)
            // Batches keep each transaction (and the memory it holds) bounded.
            for start in stride(from: 0, to: details.count, by: 5_000) {
                try service.insertMany(Array(details[start..<min(start + 5_000, details.count)]), in: org)
            }
            added += share
        }
        return added
    }

    /// The demo organizations, for callers that want them without a database.
    public static var organizations: [Organization] { DemoOrganizations.all }

    /// Generated event details without storing them (benchmarks compare ways of storing them).
    public static func generatedEvents(count: Int, zone: TimeZone, seed: UInt64 = 42, reference: Date = Date()) -> [EventDetails] {
        GeneratedEvents.make(count: count, zone: zone, seed: seed, reference: reference)
    }
}
