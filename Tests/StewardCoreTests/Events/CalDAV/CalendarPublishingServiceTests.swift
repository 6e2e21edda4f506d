import Foundation
import StewardTestSupport
import Testing
@testable import StewardCore

/// The window's calendar: its address checked and kept, the password kept with the
/// credentials (not in the database) and used to publish, nothing kept when something is wrong.
@Suite struct CalendarPublishingServiceTests {
    @Test func theAddressAndUserAreKeptAndThePasswordWithTheCredentials() async throws {
        let fixture = try await Fixture()
        let credentials = MemoryCredentialStore()
        let service = CalendarPublishingService(database: fixture.database, credentials: credentials)
        #expect(try await service.settings(for: fixture.org) == nil && !service.hasPassword(for: fixture.org))
        try await service.save(url: " https://calendar.example.org/office ", user: "office", password: "s3cret", for: fixture.org)
        #expect(try await service.settings(for: fixture.org) == CalendarPublishingSettings(url: "https://calendar.example.org/office/", user: "office"))
        #expect(service.hasPassword(for: fixture.org))
        #expect(try await !SecretsAtRestTests.allStoredText(fixture.database).contains("s3cret"))
        // A new address without a password keeps the one kept.
        try await service.save(url: "https://calendar.example.org/parish/", user: "office", password: nil, for: fixture.org)
        #expect(service.hasPassword(for: fixture.org))
        let dump = try await fixture.database.writer.read { db in try String.fetchAll(db, sql: "SELECT url || userName FROM calendarPublishing") }
        #expect(dump == ["https://calendar.example.org/parish/office"])
    }

    @Test func aWrongAddressIsRefusedAndNothingKept() async throws {
        let fixture = try await Fixture()
        let service = CalendarPublishingService(database: fixture.database, credentials: MemoryCredentialStore())
        for bad in ["calendar.example.org/office/", "http://calendar.example.org/office/"] {
            await #expect(throws: CalendarPublishingError.self, "\(bad)") {
                try await service.save(url: bad, user: "office", password: "x", for: fixture.org)
            }
        }
        #expect(try await service.settings(for: fixture.org) == nil && !service.hasPassword(for: fixture.org))
        await #expect(throws: CalendarPublishingError.notSet) { try await service.publish(fixture.org) }
    }

    @Test func publishingSignsInWithTheKeptPassword() async throws {
        let fixture = try await Fixture()
        _ = try await fixture.events.create(EventForm.timed("Concert"), in: fixture.org)
        let server = try PythonServer(arguments: ["-c", CalDAVClientTests.script])
        let service = CalendarPublishingService(database: fixture.database, credentials: MemoryCredentialStore())
        try await service.save(url: server.url + "/office/events/", user: "office", password: "s3cret pass", for: fixture.org)
        let result = try await service.publish(fixture.org)
        #expect(result.added.count == 1 && result.succeeded)
        try await service.save(url: server.url + "/office/events/", user: "office", password: "wrong", for: fixture.org)
        await #expect(throws: CalDAVError.unauthorized) { try await service.publish(fixture.org) }
    }

    @Test func publishingAfterEachSyncIsKeptOnlyForACalendarThatIsSet() async throws {
        let fixture = try await Fixture()
        let service = CalendarPublishingService(database: fixture.database, credentials: MemoryCredentialStore())
        #expect(try await service.setPublishesAfterSync(true, for: fixture.org) == false)
        try await service.save(url: "https://calendar.example.org/office/", user: "", password: nil, for: fixture.org)
        #expect(try await service.settings(for: fixture.org)?.publishesAfterSync == false)
        #expect(try await service.setPublishesAfterSync(true, for: fixture.org))
        // Saving the address again keeps the choice.
        let saved = try await service.save(url: "https://calendar.example.org/parish/", user: "", password: nil, for: fixture.org)
        let kept = try await service.settings(for: fixture.org)
        #expect(saved.publishesAfterSync && kept?.publishesAfterSync == true)
    }

    @Test func onlyASyncThatReachedItsEndIsFollowedByAPublish() {
        let syncing = SyncState(phase: .syncing(progress: nil))
        #expect(SyncState(phase: .idle).endsSuccessfulSync(after: syncing))
        #expect(!SyncState(phase: .failed(message: "refused")).endsSuccessfulSync(after: syncing))
        #expect(!SyncState(phase: .offline(nextRetry: Date())).endsSuccessfulSync(after: syncing))
        #expect(!SyncState(phase: .idle).endsSuccessfulSync(after: SyncState(phase: .idle)))
        #expect(!SyncState(phase: .syncing(progress: 0.5)).endsSuccessfulSync(after: syncing))
    }
}
