import Foundation
import GRDB
import Testing
@testable import StewardCore

/// A console made before events' fields had one name each keeps its events, and finds them
/// by their description after the column and the search index are renamed.
@Suite("Migrating events to one name per field")
struct EventFieldNamesMigrationTests {
    @Test("an event stored as summary reads back as its description, and search still finds it")
    func summaryBecomesDescription() async throws {
        let queue = try DatabaseQueue(configuration: AppDatabase.configuration())
        try Migrations.migrator.migrate(queue, upTo: "v6: record kit")
        let orgId = UUID()
        let eventId = UUID()
        try await queue.write { db in
            try db.execute(sql: """
                INSERT INTO organization (id, slug, name, timeZone, kind, modules)
                VALUES (?, 'grace-church', 'Grace Community Church', 'America/Chicago', 'church', '["events"]')
                """, arguments: [UUIDColumn.encode(orgId)])
            try db.execute(sql: """
                INSERT INTO event (id, orgId, version, createdAt, updatedAt, deleted, title, summary, locationName,
                    address, timingKind, links, host, contactName, audience, stampValue, rideSharing)
                VALUES (?, ?, 0, '2026-11-01 10:00:00.000', '2026-11-01 10:00:00.000', 0, 'Choir', 'Sopranos and altos welcome',
                    'Choir Loft', '', 'untimed', '[]', '', '', '[]', 0, 0)
                """, arguments: [UUIDColumn.encode(eventId), UUIDColumn.encode(orgId)])
        }

        let database = try AppDatabase(queue)
        let events = EventService(database: database)
        let event = try #require(try await events.event(id: eventId))
        #expect(event.details.description == "Sopranos and altos welcome")
        #expect(event.details.locationName == "Choir Loft")
        let found = try await events.keys(for: EventQuery(orgId: orgId, search: "altos"))
        #expect(found.count == 1, "the rebuilt index holds the migrated description")
        let columns = try await queue.read { db in try db.columns(in: "event").map(\.name) }
        #expect(columns.contains("description") && !columns.contains("summary"))
    }
}
