import Foundation
@testable import StewardCore

/// A fresh database with one organization, for each test.
struct Fixture {
    let database: AppDatabase
    let events: EventService
    let org: Organization

    init(zone: String = "America/Chicago") async throws {
        database = try AppDatabase.inMemory()
        events = EventService(database: database)
        org = try await OrganizationService(database: database)
            .add(slug: "grace-church", name: "Grace Community Church", timeZone: zone, kind: .church)
    }

    func outboxCount() async throws -> Int {
        try await database.writer.read { db in try Outbox.pendingCount(db) }
    }

    func eventCount() async throws -> Int {
        try await database.writer.read { db in try Event.fetchCount(db) }
    }
}

extension EventForm {
    static func timed(_ title: String, starts: String = "2026-12-06T10:30", ends: String = "2026-12-06T11:45") -> EventForm {
        var form = EventForm()
        form.title = title
        form.starts = starts
        form.ends = ends
        return form
    }
}

/// A credential store that reads nothing and refuses every save, like a locked keyring or a
/// full disk: for tests of what the console does when it cannot keep a secret.
struct RefusingCredentialStore: CredentialStore {
    var displayName: String
    func load(_ key: CredentialKey) throws -> SessionCredentials? { nil }
    func save(_ credentials: SessionCredentials, for key: CredentialKey) throws { throw CocoaError(.fileWriteNoPermission) }
    func delete(_ key: CredentialKey) throws {}
    func loadAPIToken(_ key: CredentialKey) throws -> String? { nil }
    func saveAPIToken(_ token: String, for key: CredentialKey) throws { throw CocoaError(.fileWriteNoPermission) }
    func deleteAPIToken(_ key: CredentialKey) throws {}
}
