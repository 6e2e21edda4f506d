import Foundation
import Testing
import StewardCore
@testable import StewardStore

/// Decimal fields (a map pin's coordinates) are JSON numbers on the wire, whatever form an
/// older console sent them in or the store kept them in.
@Suite("Decimal fields on the wire")
struct DecimalFieldReadTests {
    @Test("a map pin pushed with text coordinates, as older consoles sent them, is kept, fed and served as numbers",
          arguments: Backend.available)
    func pushedAsText(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let id = Fixtures.newRecordId()
            let pin = #"{"name": "Eastside Food Pantry", "category": "Food", "address": "212 Elm St", "latitude": "42.6531", "longitude": "-73.7480", "description": ""}"#
            let answer = try await store.pushOK(PushRequest(clientId: Fixtures.clientId(),
                                                            mutations: [try KitFixtures.upsert(1, "mapPin", id, pin)]))
            #expect(answer.results.allSatisfy { $0.status == .applied }, "\(answer.results)")

            let fed = try #require(try await store.changesOK().changes.first { $0.id == id })
            #expect(fed.fields["latitude"] == .double(42.6531))
            #expect(fed.fields["longitude"] == .double(-73.748))

            let read = try await store.request(.get, "/v1/orgs/\(store.org)/map-pins", token: store.reader)
            #expect(read.status == .ok, "\(read.text)")
            #expect(read.text.contains(#""latitude":42.6531"#), "\(read.text)")
            let served = try #require(try JSONValue.parse(read.text)["items"]?.arrayValue?.first)
            #expect(served["longitude"] == .double(-73.748))
        }
    }

    @Test("a pin the store kept as text before is served to the apps as numbers")
    func keptAsText() {
        let record = RemoteRecord(entity: "mapPin", id: Fixtures.newRecordId(), version: 4, deleted: false, fields: .object([
            "name": .string("Pantry"), "category": .string(""), "address": .string(""), "description": .string(""),
            "latitude": .string("42.6531"), "longitude": .string("-73.7480"),
        ]))
        let item = MemberRecords.item(record, of: .mapPin, titles: [:])
        #expect(item["latitude"] == .double(42.6531))
        #expect(item["longitude"] == .double(-73.748))
        #expect(item["name"] == .string("Pantry") && item["version"] == .int(4))
    }
}
