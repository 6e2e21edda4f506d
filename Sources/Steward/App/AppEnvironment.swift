import Foundation
import GtkKit
import StewardCore

/// What the windows share: the database and the services over it. Opened once per process,
/// off the main thread, because opening runs migrations.
final class AppEnvironment: Sendable {
    let databasePath: String
    let database: AppDatabase
    let organizations: OrganizationService
    let events: EventService
    /// Every record type declared on the record kit (bulletins, messages, funds...).
    let records: RecordService

    private init(path: String, database: AppDatabase) {
        databasePath = path
        self.database = database
        organizations = OrganizationService(database: database)
        events = EventService(database: database)
        records = RecordService(database: database)
    }

    /// `$STEWARD_DB`, else the per-user default (`AppDatabase.defaultPath` reads both).
    static var configuredPath: String { AppDatabase.defaultPath() }

    static func open(path: String = configuredPath) async throws -> AppEnvironment {
        try await Task.detached(priority: .userInitiated) { try openHere(path: path) }.value
    }

    /// Opens on the calling thread: for callers already off the main thread.
    static func openHere(path: String = configuredPath) throws -> AppEnvironment {
        AppEnvironment(path: path, database: try AppDatabase.open(path: path))
    }
}

/// GSettings, only when the schema is installed (a dev run without compiled schemas must
/// still start): every accessor falls back to "not remembered".
@MainActor
final class AppSettings {
    static let schemaID = "org.steward.Steward"
    let settings: Settings?

    init() {
        settings = Settings(schemaID: Self.schemaID)
    }

    var lastOrganization: String {
        get { settings?.string("last-organization") ?? "" }
        set { settings?.set("last-organization", string: newValue) }
    }

    /// Restores the window size and saves it on close.
    func persistWindowState(_ window: Window) {
        settings?.persistWindowState(window)
    }
}
