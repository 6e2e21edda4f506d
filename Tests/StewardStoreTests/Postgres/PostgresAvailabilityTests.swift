import Foundation
import Testing
@testable import StewardStore

/// Makes the PostgreSQL half of the contract suite visible when it does not run: without
/// STEWARD_TEST_POSTGRES_URL this test is reported as skipped, with the reason.
@Suite("PostgreSQL backend")
struct PostgresAvailabilityTests {
    @Test("PostgreSQL contract tests run (set STEWARD_TEST_POSTGRES_URL, e.g. from Tests/store/postgres.sh)",
          .enabled(if: Backend.postgresURL != nil,
                   "STEWARD_TEST_POSTGRES_URL is not set: the contract suite ran on SQLite only; run `export STEWARD_TEST_POSTGRES_URL=$(Tests/store/postgres.sh)` first"))
    func postgresConfigured() async throws {
        #expect(Backend.available.contains(.postgres))
        // The schema creation is idempotent and safe when several processes start together.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<3 {
                group.addTask {
                    try await TestStore.with(.postgres) { store in
                        let org = try await store.repository.org(slug: store.org)
                        #expect(org != nil)
                    }
                }
            }
            try await group.waitForAll()
        }
    }
}
