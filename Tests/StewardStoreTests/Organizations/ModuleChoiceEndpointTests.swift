import Foundation
import Testing
import Hummingbird
import HummingbirdTesting
import StewardCore
@testable import StewardStore

/// The modules an organization chose in its console: `GET /v1/orgs/{org}/modules` lists them,
/// and the endpoints of a module switched off answer 404 `module-not-used` for every token,
/// while sync and the modules in use go on as before.
@Suite("Modules chosen, not fixed")
struct ModuleChoiceEndpointTests {
    static func json(_ response: TestResponse) -> JSONValue {
        (try? JSONValue.parse(Data(response.body.readableBytesView))) ?? .null
    }

    static func choose(_ store: TestStore, _ modules: [String], id: String = Fixtures.newRecordId()) async throws -> PushResponse {
        try await store.pushOK(PushRequest(clientId: Fixtures.clientId("modules"), mutations: [
            RedemptionPushTests.upsert(1, RecordType.moduleChoice.entity, id, ["modules": .array(modules.map(JSONValue.string))]),
        ]))
    }

    @Test("before any choice every module is served; after it only the chosen ones, for staff and members alike",
          arguments: Backend.available)
    func chosenModulesAreServed(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let ana = try await store.newMember("ana")
            let before = try await store.request(.get, "/v1/orgs/\(store.org)/modules", token: ana.access)
            #expect(before.status == .ok)
            #expect(Self.json(before)["chosen"]?.boolValue == false)
            #expect(Self.json(before)["modules"]?.arrayValue?.count == Module.allCases.count)
            #expect(try await store.request(.get, "/v1/orgs/\(store.org)/bulletins", token: ana.access).status == .ok)

            let id = Fixtures.newRecordId()
            let pushed = try await Self.choose(store, ["books", "events", "announcements"], id: id)
            #expect(pushed.results.allSatisfy { $0.status == .applied }, "\(pushed.results)")

            let after = try await store.request(.get, "/v1/orgs/\(store.org)/modules", token: ana.access)
            #expect(Self.json(after)["chosen"]?.boolValue == true)
            // In the sidebar's order, whatever order they were sent in.
            #expect(Self.json(after)["modules"]?.arrayValue?.compactMap(\.stringValue) == ["events", "announcements", "books"])

            for token in [ana.access, store.admin] {
                let bulletins = try await store.request(.get, "/v1/orgs/\(store.org)/bulletins", token: token)
                #expect(bulletins.status == .notFound)
                #expect(Self.json(bulletins)["error"]?.stringValue == "module-not-used")
                #expect(Self.json(bulletins)["message"]?.stringValue?.contains("bulletins module") == true, "\(bulletins.text)")
                #expect(try await store.request(.get, "/v1/orgs/\(store.org)/leaderboard", token: token).status == .notFound)
                #expect(try await store.request(.get, "/v1/orgs/\(store.org)/events/upcoming", token: token).status == .ok)
                #expect(try await store.request(.get, "/v1/orgs/\(store.org)/books", token: token).status != .notFound)
            }
            #expect(try await store.request(.get, "/v1/orgs/\(store.org)/me/questions", token: ana.access).status == .notFound)
            #expect(try await store.request(.get, "/v1/orgs/\(store.org)/podcast.xml", token: nil).status == .notFound)
            // Sync is no module's: the change feed still answers.
            #expect(try await store.request(.get, "/v1/orgs/\(store.org)/changes", token: store.admin).status == .ok)

            // Switched back on, the bulletins are served again.
            let again = try await store.pushOK(PushRequest(clientId: Fixtures.clientId("modules"), mutations: [
                Mutation(id: 1, entity: RecordType.moduleChoice.entity, recordId: id, operation: .upsert, baseVersion: pushed.results[0].version ?? 0,
                         fields: .object(["modules": .array(["events", "bulletins"].map(JSONValue.string))])),
            ]))
            #expect(again.results.allSatisfy { $0.status == .applied }, "\(again.results)")
            #expect(try await store.request(.get, "/v1/orgs/\(store.org)/bulletins", token: ana.access).status == .ok)
            #expect(try await store.request(.get, "/v1/orgs/\(store.org)/books", token: ana.access).status == .notFound)
        }
    }

    @Test("a choice naming no module there is, or none at all, is refused and changes nothing", arguments: Backend.available)
    func unknownModuleRefused(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let refused = try await Self.choose(store, ["events", "karaoke"])
            #expect(refused.results.first?.status == .rejected, "\(refused.results)")
            #expect(refused.results.first?.reason?.contains("karaoke: no such module") == true, "\(refused.results)")
            let empty = try await Self.choose(store, [])
            #expect(empty.results.first?.status == .rejected, "\(empty.results)")
            let modules = try await store.request(.get, "/v1/orgs/\(store.org)/modules", token: store.admin)
            #expect(Self.json(modules)["chosen"]?.boolValue == false)
        }
    }
}
