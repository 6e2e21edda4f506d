import Foundation
import Testing
import StewardCore
@testable import StewardStore

/// The two races docs/sync.md promises to survive: two deliveries of one batch at once, and
/// readers pulling while writers commit. On PostgreSQL these run on several connections.
@Suite("Concurrency")
struct ConcurrencyTests {
    @Test("the same batch pushed twice at once: one applied and one duplicate per mutation", arguments: Backend.available)
    func sameBatchTwice(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let rounds = 5
            let perBatch = 20
            for round in 0..<rounds {
                let batch = PushRequest(clientId: Fixtures.clientId("round\(round)"), mutations: Fixtures.creations(perBatch))
                let answers = try await withThrowingTaskGroup(of: PushResponse.self) { group in
                    for _ in 0..<2 { group.addTask { try await store.pushOK(batch) } }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                #expect(answers.count == 2)
                for index in 0..<perBatch {
                    let statuses = answers.map { $0.results[index].status }.sorted { $0.rawValue < $1.rawValue }
                    #expect(statuses == [.applied, .duplicate], "round \(round), mutation \(index + 1)")
                    #expect(answers[0].results[index].version == answers[1].results[index].version)
                }
                #expect(answers.allSatisfy { $0.lastMutationId == Int64(perBatch) })
            }
            // No double increments: versions are exactly 1...total, each once.
            let versions = try await store.pullAll().records.map(\.version)
            #expect(versions == Array(1...Int64(rounds * perBatch)))
            #expect(try await store.repository.org(slug: store.org)?.lastSeq == Int64(rounds * perBatch))
        }
    }

    @Test("writers push while a reader pulls: the reader sees every change, in order, once", arguments: Backend.available)
    func readerNeverSkips(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let writers = 4
            let batchesPerWriter = 12
            let perBatch = 5
            let total = writers * batchesPerWriter * perBatch

            let seen = try await withThrowingTaskGroup(of: [Int64]?.self) { group in
                for writer in 0..<writers {
                    group.addTask {
                        let client = Fixtures.clientId("writer\(writer)")
                        for batch in 0..<batchesPerWriter {
                            let first = Int64(batch * perBatch + 1)
                            let answer = try await store.pushOK(PushRequest(clientId: client, mutations: Fixtures.creations(perBatch, firstId: first)),
                                                                token: writer.isMultiple(of: 2) ? store.admin : store.staff)
                            #expect(answer.results.allSatisfy { $0.status == .applied })
                        }
                        return nil
                    }
                }
                // The reader: small pages, following the cursor, for as long as changes keep
                // coming, then to the end.
                group.addTask {
                    var cursor = ""
                    var versions: [Int64] = []
                    var idlePolls = 0
                    while versions.count < total && idlePolls < 2000 {
                        let page = try await store.changesOK(cursor: cursor, limit: 7)
                        let after = SyncCursor(text: cursor)?.sequence ?? -1
                        #expect(page.changes.allSatisfy { $0.version > after })
                        #expect(page.changes.map(\.version) == page.changes.map(\.version).sorted())
                        versions += page.changes.map(\.version)
                        cursor = page.cursor
                        if page.changes.isEmpty {
                            idlePolls += 1
                            try await Task.sleep(for: .milliseconds(2))
                        }
                    }
                    return versions
                }
                var result: [Int64] = []
                for try await value in group {
                    if let value { result = value }
                }
                return result
            }
            // Creations only, so every number is a record that stays at that version: a
            // skipped change would show as a missing number.
            #expect(seen.count == total)
            #expect(seen == Array(1...Int64(total)))
            let final = try await store.pullAll()
            #expect(final.records.count == total)
        }
    }
}

/// Several steward-store processes on one PostgreSQL database: each has its own connection
/// pool, so here two repositories (two pools) stand for two processes.
@Suite("PostgreSQL with several store processes")
struct MultiProcessPostgresTests {
    @Test("writers on two pools, readers on both: every change seen once, in order",
          .enabled(if: Backend.postgresURL != nil, "needs STEWARD_TEST_POSTGRES_URL"))
    func twoPools() async throws {
        try await TestStore.with(.postgres) { store in
            let (second, services, _) = try Backend.postgres.makeRepository(logger: TestStore.testLogger)
            try await withThrowingTaskGroup(of: Void.self) { pool in
                for service in services { pool.addTask { try await service.run() } }
                defer { pool.cancelAll() }
                try await second.migrate()

                let writers = 6
                let batches = 10
                let perBatch = 4
                let total = writers * batches * perBatch
                let seen = try await withThrowingTaskGroup(of: [Int64]?.self) { group in
                    for writer in 0..<writers {
                        group.addTask {
                            let client = Fixtures.clientId("w\(writer)")
                            for batch in 0..<batches {
                                let request = PushRequest(clientId: client, mutations: Fixtures.creations(perBatch, firstId: Int64(batch * perBatch + 1)))
                                if writer.isMultiple(of: 2) {
                                    _ = try await store.pushOK(request)
                                } else {
                                    let outcome = try await second.push(org: store.org, batch: try PushBatch(request), author: "token:admin", owner: "token:test", now: Date())
                                    guard case .completed(let answer) = outcome else { throw TestSetupError("unexpected gap") }
                                    #expect(answer.results.allSatisfy { $0.status == .applied })
                                }
                            }
                            return nil
                        }
                    }
                    group.addTask {
                        // The reader alternates between the two "processes".
                        var cursor = SyncCursor.start
                        var versions: [Int64] = []
                        var polls = 0
                        while versions.count < total && polls < 5000 {
                            polls += 1
                            let page = polls.isMultiple(of: 2)
                                ? try await second.changes(org: store.org, after: cursor, limit: 5)
                                : try await store.repository.changes(org: store.org, after: cursor, limit: 5)
                            #expect(page.changes.allSatisfy { $0.version > cursor.sequence })
                            versions += page.changes.map(\.version)
                            cursor = page.cursor
                            if page.changes.isEmpty { try await Task.sleep(for: .milliseconds(1)) }
                        }
                        return versions
                    }
                    var result: [Int64] = []
                    for try await value in group { if let value { result = value } }
                    return result
                }
                #expect(seen == Array(1...Int64(total)))
            }
        }
    }
}
