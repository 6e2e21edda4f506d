import Foundation
import Logging
import PostgresNIO
import Testing
import StewardCore
@testable import StewardStore

/// Faults a shared database really has: connections dropped under the store (failover, a DBA's
/// pg_terminate_backend, a restart). Pushes must stay exactly-once: each attempt either
/// commits or not, the store retries or answers 503, and the client's resend of the same ids
/// is answered from what was committed.
@Suite("PostgreSQL faults")
struct PostgresFaultTests {
    @Test("connections killed during pushes: no 500, no lost or doubled change",
          .enabled(if: Backend.postgresURL != nil, "needs STEWARD_TEST_POSTGRES_URL"))
    func killedConnections() async throws {
        // Only this test's connections get killed: the other tests share the database.
        let applicationName = "steward-store-fault-\(UUID().uuidString.prefix(8).lowercased())"
        try await TestStore.with(.postgres, postgresApplicationName: applicationName) { store in
            var configuration = try PostgresURL.configuration(Backend.postgresURL!)
            configuration.options.maximumConnections = 1
            let admin = PostgresClient(configuration: configuration)
            try await withThrowingTaskGroup(of: Void.self) { outer in
                outer.addTask { await admin.run() }
                defer { outer.cancelAll() }

                let batches = 30
                let perBatch = 3
                let client = Fixtures.clientId("faulty")
                let writing = Task {
                    var statuses: [Int] = []
                    for batch in 0..<batches {
                        let request = PushRequest(clientId: client, mutations: Fixtures.creations(perBatch, firstId: Int64(batch * perBatch + 1)))
                        // What a console does: resend the same ids until the store answers 200.
                        while true {
                            let response = try await store.push(request, token: store.staff)
                            statuses.append(Int(response.status.code))
                            if response.status == .ok {
                                let answer = try response.decode(PushResponse.self)
                                #expect(answer.results.allSatisfy { $0.status == .applied || ($0.status == .duplicate && $0.originalStatus == .applied) })
                                break
                            }
                            try await Task.sleep(for: .milliseconds(20))
                        }
                    }
                    return statuses
                }
                // Meanwhile, kill the store's connections to this database now and then.
                var kills = 0
                while kills < 15 {
                    try await Task.sleep(for: .milliseconds(15))
                    _ = try await admin.query("""
                        SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                        WHERE datname = current_database() AND application_name = \(applicationName)
                        """).collect()
                    kills += 1
                }
                let statuses = try await writing.value
                // 503 when an attempt kept failing or a dropped connection left a query unanswered
                // (PostgresNIO does not always notice; the store's deadline answers instead).
                #expect(statuses.allSatisfy { $0 == 200 || $0 == 503 }, "statuses: \(statuses)")
                let total = batches * perBatch
                let versions = try await store.pullAll().records.map(\.version)
                #expect(versions == Array(1...Int64(total)))
                let last = try await store.pushOK(PushRequest(clientId: client, mutations: []), token: store.staff)
                #expect(last.lastMutationId == Int64(total))
            }
        }
    }
}
