import Foundation
import Logging
import PostgresNIO
import ServiceLifecycle

/// Where the store keeps its data, as chosen on the command line.
public enum StorageLocation: Sendable, Hashable {
    case sqlite(path: String)
    /// `password`, when the URL has none: from a file or the environment, so that it never
    /// has to appear on a command line (which every user of the machine can read).
    case postgres(url: String, password: String? = nil)

    /// The repository, and the services that must run for it to work (PostgreSQL's connection
    /// pool). The schema is not migrated here: callers do it once the services run.
    public func makeRepository(logger: Logger) throws -> (any StoreRepository, [any Service]) {
        switch self {
        case .sqlite(let path):
            return (try SQLiteStoreRepository(path: path), [])
        case .postgres(let url, let password):
            let configuration = try PostgresURL.configuration(url, password: password)
            let repository = PostgresStoreRepository(configuration: configuration, logger: logger)
            return (repository, [repository])
        }
    }

    /// Opens the storage, migrates it, runs `body`, then shuts everything down: what the
    /// one-shot commands (orgs add, token create, dump, purge) need.
    public func withRepository<T: Sendable>(logger: Logger, _ body: @Sendable (any StoreRepository) async throws -> T) async throws -> T {
        let (repository, services) = try makeRepository(logger: logger)
        return try await withThrowingTaskGroup(of: Void.self) { group in
            for service in services {
                group.addTask { try await service.run() }
            }
            defer { group.cancelAll() }
            try await repository.migrate()
            let value = try await body(repository)
            try await repository.close()
            return value
        }
    }
}
