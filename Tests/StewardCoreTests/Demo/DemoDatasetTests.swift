import Foundation
import GRDB
import Testing
@testable import StewardCore

@Suite struct DemoDatasetTests {
    @Test func demoFillsFiveOrganizationsWithVariedCalendars() async throws {
        let database = try AppDatabase.inMemory()
        let reference = DateTimeText.parseUTC("2026-11-22T12:00")!
        let summary = try DemoDataset(database: database).load(reference: reference)
        #expect(summary.organizationsAdded == 5)
        #expect(summary.eventsAdded >= 40)

        let orgs = try await OrganizationService(database: database).all()
        #expect(Set(orgs.map(\.kind)) == Set(OrganizationKind.allCases))
        let events = EventService(database: database)
        var kinds = Set<EventTiming.Kind>()
        var past = 0, upcoming = 0
        for org in orgs {
            let all = try await events.events(for: EventQuery(orgId: org.id))
            #expect(all.count >= 6, "\(org.name) has only \(all.count) events")
            #expect(all.contains { $0.details.repeats.isSeries }, "\(org.name) has no repeating event")
            for event in all {
                kinds.insert(event.details.timing.kind)
                // Everything in the demo passes the same validation as typed input.
                let form = EventForm(event.details, organizationZone: org.timeZone)
                #expect(throws: Never.self) { try form.validate(organizationZone: org.timeZone) }
            }
            // Thirteen weeks back and fourteen ahead, as the calendar views show them.
            let dates = try await events.occurrences(in: org, from: reference.addingTimeInterval(-13 * 7 * 86_400),
                                                     to: reference.addingTimeInterval(14 * 7 * 86_400))
            for date in dates {
                guard let start = date.span(zone: org.timeZone)?.start else { continue }
                if start < reference { past += 1 } else { upcoming += 1 }
            }
        }
        #expect(kinds == Set(EventTiming.Kind.allCases))
        #expect(past >= 100)
        #expect(upcoming >= 100)

        let again = try DemoDataset(database: database).load(reference: reference)
        #expect(again == DemoDataset.Summary(organizationsAdded: 0, eventsAdded: 0))
    }

    /// The weekly services, large groups and story times are series, each written once, with a
    /// date cancelled or moved as offices do.
    @Test func weeklyEventsAreSeriesWithExceptions() async throws {
        let database = try AppDatabase.inMemory()
        let reference = DateTimeText.parseUTC("2026-11-22T18:00")!
        _ = try DemoDataset(database: database).load(reference: reference)
        let service = EventService(database: database)
        func only(_ title: String, in slug: String) async throws -> (Event, Organization) {
            let org = try await OrganizationService(database: database).find(slug: slug)
            let found = try await service.events(for: EventQuery(orgId: org.id)).filter { $0.details.title == title }
            #expect(found.count == 1, "\(title): \(found.count) events")
            return (try #require(found.first), org)
        }
        let (worship, church) = try await only("Sunday Worship", in: "grace-church")
        #expect(worship.details.repeats.rule?.text == "FREQ=WEEKLY;BYDAY=SU")
        #expect(worship.details.repeats.changed.map(\.title) == ["Lessons and Carols"])
        let december = try await service.occurrences(in: church, from: DateTimeText.parseUTC("2026-12-01T00:00")!,
                                                     to: DateTimeText.parseUTC("2027-01-01T00:00")!)
            .filter { $0.eventId == worship.id }
        #expect(december.count == 4)
        #expect(december.filter(\.isChanged).map(\.title) == ["Lessons and Carols"])

        let (study, _) = try await only("Wednesday Bible Study", in: "grace-church")
        #expect(study.details.repeats.cancelled == ["2026-11-25T19:00"])
        let (group, _) = try await only("Thursday Large Group", in: "crossroads-campus")
        #expect(group.details.repeats.cancelled.count == 1)
        let (story, _) = try await only("Saturday Story Hour", in: "maple-street-library")
        #expect(story.details.repeats.changed.count == 1)
    }

    /// The church's records, by type, with ids and references taken out: what two loads at the
    /// same reference must agree on.
    func churchContent(_ database: AppDatabase) async throws -> [String: [JSONValue]] {
        let church = try await OrganizationService(database: database).find(slug: "grace-church")
        var content: [String: [JSONValue]] = [:]
        for type in RecordTypes.all where type.entity != SyncEntity.event {
            content[type.entity] = try await RecordService(database: database).list(type, in: church).map { record in
                guard case .object(var fields) = record.fields else { return record.fields }
                fields["series"] = nil
                return .object(fields)
            }
        }
        return content
    }

    @Test func theChurchHasBulletinsSermonsAPodcastAndFunds() async throws {
        let database = try AppDatabase.inMemory()
        let reference = DateTimeText.parseUTC("2026-11-22T18:00")!
        let summary = try DemoDataset(database: database).load(reference: reference)
        // 3 calendars, 1 podcast, 2 series, 12 messages, 8 bulletins, 4 funds, 3 announcements; and the city
        // office's 5 stock reasons.
        // The library: its lending policy, 3 shelves, 1,000 books, 50 borrowers, 370 loans, 3 lenders, 6 borrowed books,
        // 6 reviews and 5 reading list entries.
        // The gym: 30 daily quotes, its info page and 3 trainer profiles, and its month of 180
        // classes served to the apps.
        // The campus ministry: 5 teams, 5 groups, 3 missions, 6 resources and 13 leads, and its
        // 2 campuses and 3 ministries.
        // Every organization: its profile.
        #expect(summary.recordsAdded == 33 + 5 + 1_444 + 34 + 180 + 32 + 5 + 5)
        // The city office's 8 members and 10 submissions, 3 of them approved with their events.
        #expect(summary.storeRecordsAdded == 18)
        #expect(summary.storeEventsAdded == 3)

        let church = try await OrganizationService(database: database).find(slug: "grace-church")
        let service = RecordService(database: database)
        for type in RecordTypes.all where type.entity != SyncEntity.event {
            for record in try await service.list(type, in: church) {
                // Stored as validated: validating again changes nothing.
                #expect(try type.validate(record.fields, orgZone: church.timeZone) == record.fields, "\(type.entity)")
            }
        }
        let messages = try await service.list(.message, in: church)
        #expect(messages.count == 12)
        #expect(messages.allSatisfy { RecordType.message.statusText(of: $0.fields, now: reference) == "Published" })
        #expect(Set(messages.compactMap { $0["series"]?.stringValue }).count == 2)
        // The newest message was preached on the Sunday before the reference week.
        #expect(messages.first?["preachedOn"]?.stringValue == "2026-11-15")

        let bulletins = try await service.list(.bulletin, in: church)
        let statuses = bulletins.map { RecordType.bulletin.statusText(of: $0.fields, now: reference) ?? "" }
        #expect(statuses == ["Draft", "Scheduled", "Scheduled", "Live", "Expired", "Expired", "Expired", "Expired"])
        #expect(bulletins.allSatisfy { (3...5).contains($0["sections"]?.arrayValue?.count ?? 0) })
        let dates = bulletins.compactMap { $0["date"]?.stringValue }
        #expect(dates.contains("2026-11-22"), "this week's bulletin is dated the reference week's Sunday")

        #expect(try await service.list(.fund, in: church).count == 4)
        let podcast = try #require(try await service.list(.podcast, in: church).first)
        #expect(podcast["artworkURL"]?.stringValue?.hasPrefix("https://") == true)

        // Only the church has them.
        for org in try await OrganizationService(database: database).all() where org.slug != church.slug {
            #expect(try await service.list(.bulletin, in: org).isEmpty)
            #expect(try await service.list(.fund, in: org).isEmpty)
        }
    }

    @Test func theChurchContentIsTheSameOnEveryLoad() async throws {
        let reference = DateTimeText.parseUTC("2026-11-22T18:00")!
        let first = try AppDatabase.inMemory(), second = try AppDatabase.inMemory()
        _ = try DemoDataset(database: first).load(reference: reference)
        _ = try DemoDataset(database: second).load(reference: reference)
        let content = try await churchContent(first)
        #expect(content == (try await churchContent(second)))
        #expect(content["bulletin"]?.count == 8)
    }

    @Test func generatedEventsAreSpreadAndCounted() async throws {
        let database = try AppDatabase.inMemory()
        let demo = try DemoDataset(database: database).load()
        let added = try DemoDataset(database: database).addGeneratedEvents(1_003)
        #expect(added == 1_003)
        // The demo is a console that never synced: every record a console can send waits in the
        // outbox; only what a store alone makes (members, answers, submissions, and the stamps
        // and redemptions that name members) carries a version, as a pull would have brought it.
        let outbox = try await database.writer.read { db in try Outbox.pendingCount(db) }
        let events = try await database.writer.read { db in try Event.fetchCount(db) }
        let keys = try await database.writer.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM record WHERE entity = 'checkInKey'") ?? 0
        }
        let givingStamps = try await database.writer.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM event WHERE stampValue > 0") ?? 0
        }
        #expect(events == demo.eventsAdded + added + demo.storeEventsAdded)
        let records = try await database.writer.read { db in
            try OrganizationService.all(db).flatMap { try RecordTypes.allRecords(orgId: $0.id, db) }
        }
        let versioned = records.filter { $0.version > 0 }
        #expect(records.count - versioned.count == outbox)
        #expect(RecordsNotOnStore.split(versioned).send.isEmpty)
        for entity in ["prize", "passportLevel", "question", "mapPin", "communityPage"] {
            #expect(records.contains { $0.entity == entity }, "the demo has \(entity) records")
            #expect(!versioned.contains { $0.entity == entity }, "the demo's \(entity) records wait to be sent")
        }
        #expect(demo.checkInKeysAdded > 0 && keys > demo.checkInKeysAdded, "the generated events that give stamps have keys too")
        #expect(keys == givingStamps)
        let first = DemoDataset.generatedEvents(count: 5, zone: .gmt, seed: 7, reference: Date(timeIntervalSince1970: 0))
        let second = DemoDataset.generatedEvents(count: 5, zone: .gmt, seed: 7, reference: Date(timeIntervalSince1970: 0))
        #expect(first == second)
    }
}
