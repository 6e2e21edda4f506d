import Foundation
import Testing
import Logging
import ServiceLifecycle
@testable import StewardStore

/// The storage backends the contract suite runs against. SQLite always; PostgreSQL when
/// STEWARD_TEST_POSTGRES_URL names a database (Tests/store/postgres.sh starts a throwaway one).
enum Backend: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgres

    static let postgresURLVariable = "STEWARD_TEST_POSTGRES_URL"

    static var postgresURL: String? {
        ProcessInfo.processInfo.environment[postgresURLVariable].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The backends to run: PostgreSQL only when configured (see `PostgresAvailabilityTests`
    /// for the skip being reported).
    static var available: [Backend] {
        postgresURL == nil ? [.sqlite] : [.sqlite, .postgres]
    }

    var testDescription: String { rawValue }

    /// A fresh repository: a new SQLite file, or the shared PostgreSQL test database (tests
    /// there use fresh organization slugs, so they never see each other's data).
    func makeRepository(logger: Logger, applicationName: String? = nil) throws -> (any StoreRepository, [any Service], cleanup: @Sendable () -> Void) {
        switch self {
        case .sqlite:
            let folder = FileManager.default.temporaryDirectory
                .appendingPathComponent("steward-store-tests-\(UUID().uuidString)")
            let location = StorageLocation.sqlite(path: folder.appendingPathComponent("store.sqlite").path)
            let (repository, services) = try location.makeRepository(logger: logger)
            return (repository, services, { try? FileManager.default.removeItem(at: folder) })
        case .postgres:
            guard var url = Self.postgresURL else { throw TestSetupError("\(Self.postgresURLVariable) is not set") }
            if let applicationName {
                url += (url.contains("?") ? "&" : "?") + "application_name=\(applicationName)"
            }
            let (repository, services) = try StorageLocation.postgres(url: url).makeRepository(logger: logger)
            return (repository, services, {})
        }
    }
}

struct TestSetupError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
