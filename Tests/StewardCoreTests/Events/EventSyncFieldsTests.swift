import Foundation
import Testing
@testable import StewardCore

/// Reading an event's fields as another side sent them: what does not fit is refused with its
/// reason (a pulled one is kept as an unreadable record), never turned into something else.
@Suite struct EventSyncFieldsTests {
    static let untimed: [String: JSONValue] = ["title": .string("Supper"), "timing": .string("untimed")]

    static func fields(_ changes: [String: JSONValue]) -> JSONValue {
        .object(untimed.merging(changes) { $1 })
    }

    @Test("malformed fields are refused naming the field, not dropped or turned into text", arguments: [
        (["links": .array([.object(["label": .string("Menu")])])], EventField.links),
        (["links": .array([.string("https://menu.example")])], EventField.links),
        (["links": .array([.object(["label": .int(3), "url": .string("https://menu.example")])])], EventField.links),
        (["audience": .array([.string("youth"), .int(7)])], EventField.audience),
        (["title": .int(42)], EventField.title),
        (["description": .bool(true)], EventField.description),
        (["contactPhone": .double(5550100)], EventField.contactPhone),
        (["rideSharing": .string("yes")], "ride-sharing"),
    ] as [([String: JSONValue], String)])
    func malformedIsRefused(_ changes: [String: JSONValue], field: String) throws {
        let error = #expect(throws: ValidationError.self) { try EventDetails(syncFields: Self.fields(changes)) }
        #expect(error?.issues.map(\.field) == [field], "\(String(describing: error))")
    }

    @Test func wellFormedFieldsReadExactly() throws {
        let read = try EventDetails(syncFields: Self.fields([
            "links": .array([.object(["label": .string("Menu"), "url": .string("https://menu.example")])]),
            "audience": .array([.string("youth")]), "latitude": .double(41.5), "longitude": .int(-87),
            "stampValue": .int(2), "rideSharing": .bool(true), "description": .null,
        ]))
        #expect(read.links == [EventLink(label: "Menu", url: "https://menu.example")])
        #expect(read.audience == ["youth"])
        #expect(read.coordinate?.latitude == 41.5 && read.coordinate?.longitude == -87)
        #expect(read.stampValue == 2 && read.rideSharing && read.description.isEmpty)
    }

    @Test func aPulledEventWithALinkWithoutAnAddressIsKeptAsUnreadable() async throws {
        let f = try await SyncFixture()
        let id = UUID()
        await f.store.remoteWrite(entity: "event", id, fields: Self.fields(["links": .array([.object(["label": .string("Menu")])])]))
        let report = try await f.engine().sync(org: f.org)
        #expect(report.pulled == 0)
        let issues = try await f.read { db in try UnreadableRecords.all(orgId: f.org.id, db) }
        #expect(issues.map(\.recordId) == [id])
        #expect(issues.first?.reason.hasPrefix(EventField.links) == true, "\(issues)")
    }
}
