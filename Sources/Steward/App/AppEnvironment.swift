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

    /// The organization Preferences says to open with; empty: the one shown last.
    var chosenStartOrganization: String {
        get { settings?.string("start-organization") ?? "" }
        set { settings?.set("start-organization", string: newValue) }
    }

    /// The organization to show at start-up: the chosen one, else the one shown last.
    var startOrganization: String {
        let chosen = chosenStartOrganization
        return chosen.isEmpty ? lastOrganization : chosen
    }

    /// How often the background sync runs, as chosen in Preferences (the defaults without a schema).
    var syncTiming: SyncTiming {
        get {
            guard let settings else { return SyncTiming() }
            return SyncTiming(intervalMinutes: settings.int("sync-interval"),
                              syncsAfterEdits: settings.bool("sync-after-edits"))
        }
        set {
            settings?.set("sync-interval", int: newValue.intervalMinutes)
            settings?.set("sync-after-edits", bool: newValue.syncsAfterEdits)
        }
    }

    /// The background sync's cadence at start-up: the chosen timing, unless the environment
    /// sets one (tests and scripts).
    var syncCadence: SyncCadence {
        SyncCadence.fromEnvironment(base: SyncCadence(syncTiming))
    }

    /// The cadence once someone chose a timing in this window's Preferences: their timer and
    /// edits choice win over the environment's interval, whose debounce and retry limits stay.
    var chosenSyncCadence: SyncCadence {
        var cadence = syncCadence
        let chosen = SyncCadence(syncTiming)
        cadence.interval = chosen.interval
        cadence.isPeriodic = chosen.isPeriodic
        cadence.syncsAfterEdits = chosen.syncsAfterEdits
        return cadence
    }

    /// Restores the window size and saves it on close.
    func persistWindowState(_ window: Window) {
        settings?.persistWindowState(window)
    }
}
