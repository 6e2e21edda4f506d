import Foundation
import GRDB
import Hummingbird
import PostgresNIO
import Testing
import StewardCore
@testable import StewardStore

/// Numbers from the wire are range-checked before the store does arithmetic on them: a request
/// must never be able to trap the process (and with it every organization's store).
@Suite("Wire numbers")
struct WireNumberTests {
    /// A push body with these mutation ids and base versions, as raw JSON so any Int64 goes out.
    static func body(clientId: String, ids: [Int64], baseVersion: Int64 = 0) -> Data {
        let mutations = ids.map { id in
            #"{"id":\#(id),"entity":"event","recordId":"\#(Fixtures.newRecordId())","operation":"upsert","baseVersion":\#(baseVersion),"fields":{"title":"x","timing":"untimed"}}"#
        }
        return Data(#"{"clientId":"\#(clientId)","mutations":[\#(mutations.joined(separator: ","))]}"#.utf8)
    }

    @Test("a mutation id of Int64.max followed by another answers 400, and the store goes on", arguments: Backend.available)
    func maxIdThenAnother(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let response = try await store.request(.post, "/v1/orgs/\(store.org)/push", token: store.admin,
                                                   body: Self.body(clientId: Fixtures.clientId(), ids: [Int64.max, Int64.max]))
            #expect(response.status == .badRequest, "\(response.text)")
            #expect(response.errorBody?.message == "mutations[0].id: must be from 1 to 9007199254740991")
            // Still serving.
            #expect(try await store.pushOK(PushRequest(clientId: Fixtures.clientId(), mutations: Fixtures.creations(1))).results.first?.status == .applied)
        }
    }

    @Test("ids and base versions past 2^53 - 1 are refused; the largest allowed id works", arguments: Backend.available)
    func bounds(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let path = "/v1/orgs/\(store.org)/push"
            let tooBig = try await store.request(.post, path, token: store.admin,
                                                 body: Self.body(clientId: Fixtures.clientId(), ids: [WireNumbers.maxCounter + 1]))
            #expect(tooBig.status == .badRequest)
            let base = try await store.request(.post, path, token: store.admin,
                                               body: Self.body(clientId: Fixtures.clientId(), ids: [1], baseVersion: Int64.max))
            #expect(base.status == .badRequest)
            #expect(base.errorBody?.message == "mutations[0].baseVersion: must be from 0 to 9007199254740991")
            // The top of the range: a gap (nothing applied yet), answered without overflowing.
            let top = try await store.request(.post, path, token: store.admin,
                                              body: Self.body(clientId: Fixtures.clientId(), ids: [WireNumbers.maxCounter]))
            #expect(top.status == .conflict, "\(top.text)")
            #expect(top.errorBody?.lastMutationId == 0)
            #expect(try await store.dump() == "")
        }
    }

    @Test("a client whose stored last id is Int64.max (written before the range check) gets answers, not a crash",
          arguments: Backend.available)
    func legacyMaxRow(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let client = Fixtures.clientId()
            try await Self.setLastMutationId(Int64.max, org: store.org, client: client, repository: store.repository)
            let replay = try await store.pushOK(PushRequest(clientId: client, mutations: Fixtures.creations(2)))
            #expect(replay.results.map(\.status) == [.duplicate, .duplicate])
            #expect(replay.lastMutationId == Int64.max)
        }
    }

    @Test("cursors and limits far past any real value are refused or answered, never trapped", arguments: Backend.available)
    func hugeQueryNumbers(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let huge = try await store.changes(cursor: "s2.\(Int64.max).\(Int64.max)")
            #expect(huge.status == .gone)
            let old = try await store.changes(cursor: "s1.\(Int64.max)")
            #expect(old.status == .gone)
            let limit = try await store.request(.get, "/v1/orgs/\(store.org)/changes?limit=\(Int64.max)", token: store.reader)
            #expect(limit.status == .badRequest)
        }
    }

    @Test("instants far outside any calendar are clamped when stored, not trapped")
    func clampedMilliseconds() {
        #expect(Milliseconds.from(Date(timeIntervalSince1970: 1e300)) == Milliseconds.limit)
        #expect(Milliseconds.from(Date(timeIntervalSince1970: -1e300)) == -Milliseconds.limit)
        #expect(Milliseconds.from(Date(timeIntervalSince1970: 1.5)) == 1500)
    }

    static func setLastMutationId(_ value: Int64, org: String, client: String, repository: any StoreRepository) async throws {
        if let sqlite = repository as? SQLiteStoreRepository {
            try await sqlite.pool.write { db in
                try db.execute(sql: "INSERT INTO clients (org, client_id, last_mutation_id) VALUES (?, ?, ?)",
                               arguments: [org, client, value])
            }
        } else if let postgres = repository as? PostgresStoreRepository {
            try await postgres.transaction { connection, logger in
                try await connection.query("""
                    INSERT INTO clients (org, client_id, last_mutation_id) VALUES (\(org), \(client), \(value))
                    """, logger: logger)
            }
        }
    }
}
