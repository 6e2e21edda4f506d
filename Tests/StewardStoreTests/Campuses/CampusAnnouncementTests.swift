import Foundation
import Testing
import StewardCore
@testable import StewardStore

/// Announcements tagged with a campus or a ministry, on every backend: the queue sends one only
/// to the devices of members whose choice it concerns (`PushAudience`, `CampusChoice.concerns`):
/// an untagged one reaches everyone, and a member who chose nothing gets every one.
@Suite("Announcements for a campus or a ministry")
struct CampusAnnouncementTests {
    typealias Delivery = AnnouncementDeliveryTests

    static func announcement(_ title: String, campus: String = "", ministry: String = "") -> JSONValue {
        guard case .object(var fields) = Delivery.announcement(title) else { return .null }
        if !campus.isEmpty { fields["campus"] = .string(campus) }
        if !ministry.isEmpty { fields["ministry"] = .string(ministry) }
        return .object(fields)
    }

    /// The devices' addresses `title`'s message was sent to.
    static func sentTo(_ sender: Delivery.FakeSender, _ title: String) -> [String] {
        sender.sent.filter { $0.message.title == title }.map(\.target.address).sorted()
    }

    @Test("a tagged announcement reaches its campus's and ministry's members and those who chose nothing; an untagged one everyone",
          arguments: Backend.available)
    func reachesWhomItConcerns(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let north = Fixtures.newRecordId(), downtown = Fixtures.newRecordId(), families = Fixtures.newRecordId()
            let made = try await store.pushOK(PushRequest(clientId: Fixtures.clientId("staff"), mutations: [
                try KitFixtures.upsert(1, "campus", north, #"{"name": "North Campus"}"#),
                try KitFixtures.upsert(2, "campus", downtown, #"{"name": "Downtown"}"#),
                try KitFixtures.upsert(3, "ministry", families, #"{"name": "Families"}"#),
            ]))
            #expect(made.results.allSatisfy { $0.status == .applied }, "\(made)")
            // Ana chose North; Ben Downtown and its families; Cy chose nothing.
            let ana = try await store.newMember("ana"), ben = try await store.newMember("ben"), cy = try await store.newMember("cy")
            for (member, choice) in [(ana, ["campus": JSONValue.string(north)]),
                                     (ben, ["campus": .string(downtown), "ministry": .string(families)])] {
                let chosen = try await CampusChoiceTests.choose(store, member.access, .object(choice))
                #expect(chosen.status == .ok, "\(chosen.text)")
            }
            let (anaPhone, benPhone, cyPhone) = (Delivery.token(1), Delivery.token(2), Delivery.token(3))
            try await Delivery.registerAPNs(store, ana, token: anaPhone)
            try await Delivery.registerAPNs(store, ben, token: benPhone)
            try await Delivery.registerAPNs(store, cy, token: cyPhone)

            let northId = Fixtures.newRecordId(), everyoneId = Fixtures.newRecordId()
            for (id, fields) in [(northId, Self.announcement("North parking", campus: north)),
                                 (everyoneId, Self.announcement("Snow day")),
                                 (Fixtures.newRecordId(), Self.announcement("Family picnic", ministry: families)),
                                 (Fixtures.newRecordId(), Self.announcement("Downtown families", campus: downtown, ministry: families))] {
                let result = try await Delivery.push(store, id: id, fields)
                #expect(result.status == .applied, "\(result)")
            }
            // The tags are kept on the record as sent.
            #expect(try await store.stored("announcement", northId)?.fields["campus"]?.stringValue == north)

            let sender = Delivery.FakeSender()
            try await Delivery.service(store, sender).runRound(now: Date())
            #expect(Self.sentTo(sender, "North parking") == [anaPhone, cyPhone].sorted(), "not to Downtown's Ben")
            #expect(Self.sentTo(sender, "Snow day") == [anaPhone, benPhone, cyPhone].sorted(), "untagged: everyone")
            #expect(Self.sentTo(sender, "Family picnic") == [anaPhone, benPhone, cyPhone].sorted(), "Ana chose no ministry: every one's")
            #expect(Self.sentTo(sender, "Downtown families") == [benPhone, cyPhone].sorted())
            #expect(try await store.repository.pushReport(org: store.org, messageId: "announcement:\(northId)")?.devices == 2)
            #expect(try await store.repository.pushReport(org: store.org, messageId: "announcement:\(everyoneId)")?.devices == 3)
        }
    }

    @Test("a change of tag before the announcement's time is what decides who gets it", arguments: Backend.available)
    func retaggedBeforeItsTime(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let north = Fixtures.newRecordId(), downtown = Fixtures.newRecordId()
            _ = try await store.pushOK(PushRequest(clientId: Fixtures.clientId("staff"), mutations: [
                try KitFixtures.upsert(1, "campus", north, #"{"name": "North Campus"}"#),
                try KitFixtures.upsert(2, "campus", downtown, #"{"name": "Downtown"}"#),
            ]))
            let ana = try await store.newMember("ana")
            _ = try await CampusChoiceTests.choose(store, ana.access, .object(["campus": .string(north)]))
            try await Delivery.registerAPNs(store, ana, token: Delivery.token(9))
            let id = Fixtures.newRecordId()
            let at = Date().addingTimeInterval(3600)
            guard case .object(var fields) = Self.announcement("Moved", campus: downtown) else { return }
            fields["sendAt"] = .string(DateTimeText.utc(at))
            let first = try await Delivery.push(store, id: id, .object(fields))
            fields["campus"] = .string(north)
            let second = try await Delivery.push(store, id: id, .object(fields), base: first.version ?? 0)
            #expect(second.status == .applied, "\(second)")
            let sender = Delivery.FakeSender()
            try await Delivery.service(store, sender).runRound(now: at.addingTimeInterval(1))
            #expect(Self.sentTo(sender, "Moved") == [Delivery.token(9)])
        }
    }

    @Test("an event's reminder reaches the members of its campus and those who chose none, as members read events",
          arguments: Backend.available)
    func remindersFollowTheEventsCampus(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let north = Fixtures.newRecordId(), downtown = Fixtures.newRecordId()
            _ = try await store.pushOK(PushRequest(clientId: Fixtures.clientId("staff"), mutations: [
                try KitFixtures.upsert(1, "campus", north, #"{"name": "North Campus"}"#),
                try KitFixtures.upsert(2, "campus", downtown, #"{"name": "Downtown"}"#),
            ]))
            let ana = try await store.newMember("ana", audience: "students"), ben = try await store.newMember("ben", audience: "students")
            let cy = try await store.newMember("cy", audience: "students")
            _ = try await CampusChoiceTests.choose(store, ana.access, .object(["campus": .string(north)]))
            _ = try await CampusChoiceTests.choose(store, ben.access, .object(["campus": .string(downtown)]))
            for (member, n) in [(ana, 41), (ben, 42), (cy, 43)] { try await Delivery.registerAPNs(store, member, token: Delivery.token(n)) }
            let start = EventReminderTests.minute(after: 3 * 3600)
            guard case .object(var fields) = EventReminderTests.event("North choir", start: start, remind: 60) else { return }
            fields["campus"] = .string(north)
            _ = try await EventReminderTests.write(store, id: Fixtures.newRecordId(), .object(fields))
            let sender = Delivery.FakeSender()
            try await Delivery.service(store, sender).runRound(now: start.addingTimeInterval(-3600 + 1))
            #expect(Self.sentTo(sender, "North choir") == [Delivery.token(41), Delivery.token(43)], "not to Downtown's Ben")
        }
    }
}
