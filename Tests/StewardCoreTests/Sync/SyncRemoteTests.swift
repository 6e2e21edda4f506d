import Foundation
import GRDB
import Testing
@testable import StewardCore

@Suite struct SyncRemoteTests {
    @Test func connectingChecksTheAddressAndTheTokenAndNamesTheClient() async throws {
        let database = try AppDatabase.inMemory()
        let org = try await OrganizationService(database: database)
            .add(slug: "grace", name: "Grace", timeZone: "UTC", kind: .church)
        let credentials = MemoryCredentialStore()
        let service = RemoteService(database: database, credentials: credentials)
        for bad in ["ftp://store", "store.example.org", "", "http://", "https://store?x=1"] {
            await #expect(throws: ValidationError.self) { try await service.connect(org, url: bad, token: "t") }
        }
        do {
            try await service.connect(org, url: "ftp://store", token: " ")
            Issue.record("accepted an ftp address")
        } catch let error as ValidationError {
            #expect(error.issues.map(\.field) == ["url", "token"])
        }
        let remote = try await service.connect(org, url: " https://store.example.org/ ", token: " abc ")
        #expect(remote.url == "https://store.example.org")
        // Kept by the credential store, not the database.
        #expect(remote.token == "")
        #expect(try credentials.loadAPIToken(CredentialKey(remote: remote)) == "abc")
        #expect(remote.storeOrg == "grace")
        #expect(remote.clientId == "\(try database.installationId().uuidString.lowercased())/grace")
        #expect(remote.endpoint("push") == "https://store.example.org/v1/orgs/grace/push")
    }

    @Test func reconnectingKeepsTheNumberingAndADifferentStoreRestartsThePull() async throws {
        let f = try await SyncFixture()
        try await f.create("Choir")
        try await f.engine().sync(org: f.org)
        let before = try await f.remote()
        #expect(before.cursor == "s1.1")

        let credentials = MemoryCredentialStore()
        try await RemoteService(database: f.database, credentials: credentials).connect(f.org, url: "https://fake.store", token: "new")
        let sameStore = try await f.remote()
        #expect(try credentials.loadAPIToken(CredentialKey(remote: sameStore)) == "new")
        #expect(sameStore.cursor == "s1.1")
        #expect(sameStore.lastAssignedMutationId == 1)

        try await RemoteService(database: f.database, credentials: credentials).connect(f.org, url: "https://other.store", token: "new")
        let otherStore = try await f.remote()
        #expect(otherStore.cursor == "")
        #expect(otherStore.lastAssignedMutationId == 1)
    }

    @Test func aLocalDeleteAgainstARemoteEditIsAConflictThatCanKeepTheDelete() async throws {
        let f = try await SyncFixture()
        let event = try await f.create("Choir")
        try await f.engine().sync(org: f.org)
        await f.store.remoteWrite(event.id, title: "Choir (moved)")
        try await f.events.delete(event.id, in: f.org)

        try await f.engine().sync(org: f.org)
        let conflict = try #require(try await f.conflicts().first)
        #expect(conflict.localDeleted)
        #expect(conflict.localFields == nil)
        #expect(conflict.remote?.deleted == false)

        try await f.engine().resolve(conflictId: conflict.id, keep: .local)
        let outbox = try await f.outbox()
        #expect(outbox.map(\.entry.operation) == [.delete])
        #expect(outbox.first?.entry.baseVersion == 2)
        try await f.engine().sync(org: f.org)
        #expect(await f.store.record(event.id)?.deleted == true)
        #expect(try await f.event(event.id)?.deleted == true)
        #expect(try await f.dump() == (await f.store.dump()))
    }

    @Test func resolvingAConflictNeedsTheStoresSide() async throws {
        let f = try await SyncFixture()
        let event = try await f.create("Choir")
        let id = try await f.database.writer.write { [org = f.org] db in
            try db.execute(sql: """
                INSERT INTO syncConflict (orgId, entity, recordId, localFields, localDeleted, remoteRecord, createdAt)
                VALUES (?, 'event', ?, '{}', 0, NULL, ?)
                """, arguments: [UUIDColumn.encode(org.id), UUIDColumn.encode(event.id), Date()])
            return db.lastInsertedRowID
        }
        await #expect(throws: SyncError.remoteSideUnknown(id)) {
            try await f.engine().resolve(conflictId: id, keep: .local)
        }
        #expect(try await f.conflicts().count == 1)
    }

    @Test func aReplayWithoutItsFirstResultBecomesADeadLetter() async throws {
        let f = try await SyncFixture()
        let event = try await f.create("Choir")
        // The store applied id 1 but kept no result for it.
        await f.store.failPushes([.loseAnswer(.timedOut)])
        await f.store.forgetResults(of: try await f.remote().clientId)

        let report = try await f.engine().sync(org: f.org)

        #expect(report.rejected == 1)
        #expect(try await f.deadLetters().first?.recordId == event.id)
        #expect(try await f.outbox().isEmpty)
        // A full pull followed and brought the record as the store has it.
        #expect(try await f.event(event.id)?.version == 1)
        #expect(try await f.dump() == (await f.store.dump()))
    }

    @Test func aBatchTooLargeForTheStoreIsSentInHalves() async throws {
        let f = try await SyncFixture()
        for index in 0..<4 { try await f.create("Event \(index)") }
        await f.store.failPushes([.fail(.status(413, ErrorResponse(error: "too-large", message: "body too large")))])

        let report = try await f.engine().sync(org: f.org)

        #expect(report.pushed == 4)
        #expect(await f.store.pushRequests.map { $0.mutations.map(\.id) } == [[1, 2, 3, 4], [1, 2], [3, 4]])
    }

    @Test func theDumpListsEveryRecordOnceSortedWithTombstonesEmpty() async throws {
        let f = try await SyncFixture()
        let a = try await f.create("A")
        let b = try await f.create("B")
        try await f.events.delete(b.id, in: f.org)
        let lines = try await f.dump().split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        let ids = [a.id, b.id].map { $0.uuidString.lowercased() }.sorted()
        #expect(lines.map { try! JSONValue.parse($0)["id"]!.stringValue! } == ids)
        let tombstone = try #require(lines.first { $0.contains(b.id.uuidString.lowercased()) })
        #expect(tombstone.hasPrefix("{\"deleted\":true,\"entity\":\"event\",\"fields\":{},\"id\":"))
        #expect(tombstone.hasSuffix(",\"version\":0}"))
    }
}
