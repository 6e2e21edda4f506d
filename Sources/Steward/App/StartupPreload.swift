import Foundation
import StewardCore

/// The start-up work that needs no GTK, begun on another thread at the top of `main` so it
/// overlaps GTK's own initialization: opening the database (migrations included), listing the
/// organizations, and the first screenful of the organization the window will show. The
/// window then fills its first frame with rows instead of painting an empty table first.
final class StartupPreload: Sendable {
    struct Loaded: Sendable {
        let environment: AppEnvironment
        let organizations: [Organization]
        /// The organization's events in the events page's initial order, and the rows of the
        /// first screen.
        let firstKeys: [Int64]
        let firstRows: [EventRow]
    }

    /// Rows fetched ahead: more than a tall window shows.
    static let firstScreen = 60

    private let task: Task<Loaded, Error>
    private let finished = LockedLoaded()

    /// `remembered` is the slug of the organization shown last time, if any.
    init(path: String = AppEnvironment.configuredPath, remembered: String) {
        let finished = self.finished
        task = Task.detached(priority: .userInitiated) {
            let loaded = try await Self.load(path: path, remembered: remembered)
            finished.set(loaded)
            return loaded
        }
    }

    private static func load(path: String, remembered: String) async throws -> Loaded {
        let environment = try AppEnvironment.openHere(path: path)
        let organizations = try await environment.organizations.all()
        guard let org = initialOrganization(organizations, remembered: remembered) else {
            return Loaded(environment: environment, organizations: organizations, firstKeys: [], firstRows: [])
        }
        // The same service and query the page uses, so its first load hits the key cache.
        let keys = try await environment.events.keys(for: EventQuery(orgId: org.id, sort: .upcoming))
        let rows = try await environment.events.rows(for: Array(keys.prefix(firstScreen)))
        return Loaded(environment: environment, organizations: organizations, firstKeys: keys, firstRows: rows)
    }

    /// What was loaded, if loading has finished: the window can then be filled before its
    /// first frame instead of one frame later.
    var loadedNow: Loaded? { finished.value }

    var loaded: Loaded {
        get async throws { try await task.value }
    }

    /// The organization a window opens on: the remembered one, else the first by name.
    static func initialOrganization(_ organizations: [Organization], remembered: String) -> Organization? {
        organizations.first { $0.slug == remembered } ?? organizations.first
    }
}

/// The preload's result, readable from the main thread the moment it is there.
private final class LockedLoaded: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: StartupPreload.Loaded?

    var value: StartupPreload.Loaded? { lock.withLock { stored } }

    func set(_ loaded: StartupPreload.Loaded) {
        lock.withLock { stored = loaded }
    }
}
