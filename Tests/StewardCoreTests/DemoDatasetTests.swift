import Foundation
import Testing
@testable import StewardCore

@Suite struct DemoDatasetTests {
    @Test func demoFillsFiveOrganizationsWithVariedCalendars() async throws {
        let database = try AppDatabase.inMemory()
        let reference = DateTimeText.parseUTC("2026-11-22T12:00")!
        let summary = try DemoDataset(database: database).load(reference: reference)
        #expect(summary.organizationsAdded == 5)
        #expect(summary.eventsAdded >= 200)

        let orgs = try await OrganizationService(database: database).all()
        #expect(Set(orgs.map(\.kind)) == Set(OrganizationKind.allCases))
        let events = EventService(database: database)
        var kinds = Set<EventTiming.Kind>()
        var past = 0, upcoming = 0
        for org in orgs {
            let all = try await events.events(for: EventQuery(orgId: org.id))
            #expect(all.count >= 20, "\(org.name) has only \(all.count) events")
            for event in all {
                kinds.insert(event.details.timing.kind)
                if let start = event.details.timing.sortStart(orgZone: org.timeZone) {
                    if start < reference { past += 1 } else { upcoming += 1 }
                }
                // Everything in the demo passes the same validation as typed input.
                let form = EventForm(event.details, organizationZone: org.timeZone)
                #expect(throws: Never.self) { try form.validate(organizationZone: org.timeZone) }
            }
        }
        #expect(kinds == Set(EventTiming.Kind.allCases))
        #expect(past >= 50)
        #expect(upcoming >= 50)

        let again = try DemoDataset(database: database).load(reference: reference)
        #expect(again == DemoDataset.Summary(organizationsAdded: 0, eventsAdded: 0))
    }

    @Test func generatedEventsAreSpreadAndCounted() async throws {
        let database = try AppDatabase.inMemory()
        _ = try DemoDataset(database: database).load()
        let added = try DemoDataset(database: database).addGeneratedEvents(1_003)
        #expect(added == 1_003)
        let outbox = try await database.writer.read { db in try Outbox.pendingCount(db) }
        let events = try await database.writer.read { db in try Event.fetchCount(db) }
        #expect(events == outbox)
        let first = DemoDataset.generatedEvents(count: 5, zone: .gmt, seed: 7, reference: Date(timeIntervalSince1970: 0))
        let second = DemoDataset.generatedEvents(count: 5, zone: .gmt, seed: 7, reference: Date(timeIntervalSince1970: 0))
        #expect(first == second)
    }
}
