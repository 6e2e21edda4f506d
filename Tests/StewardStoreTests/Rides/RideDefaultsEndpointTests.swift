import Foundation
import HummingbirdTesting
import Testing
import StewardCore
@testable import StewardStore

/// Default pickups and shared phones from the app, on every backend: members read the
/// organization's default pickup (and an event's own) with the time rides leave; a request
/// that names no pickup is seated through it, the store's seat rule reading the same defaults;
/// and a matched member's phone is shown to the other side only when they chose to share it.
@Suite("Ride default pickups and shared phones from the app")
struct RideDefaultsEndpointTests {
    /// 03:00Z, two hours: riders meeting 30 minutes before leave at 02:30Z.
    static let start = DateTimeText.parseUTC("2026-12-04T03:00")!

    static func event(_ store: TestStore) async throws -> String {
        let id = Fixtures.newRecordId()
        guard case .object(var fields) = Fixtures.timed("Weekly Meeting", start: start) else { return id }
        fields["rideSharing"] = .bool(true)
        let answer = try await store.pushOK(PushRequest(clientId: Fixtures.clientId("staff"), mutations: [Fixtures.upsert(1, id, fields: .object(fields))]))
        #expect(answer.results.map(\.status) == [.applied])
        return id
    }

    /// One staff console's push (a new console each time: its mutation ids start at 1).
    static func push(_ store: TestStore, _ mutations: [Mutation]) async throws -> [PushResult] {
        let numbered = mutations.enumerated().map { index, mutation in
            var renumbered = mutation
            renumbered.id = Int64(index + 1)
            return renumbered
        }
        let answer = try await store.pushOK(PushRequest(clientId: Fixtures.clientId("staff"), mutations: numbered))
        return answer.results.map { PushResult(status: $0.status, reason: $0.reason) }
    }

    struct PushResult: Equatable {
        var status: MutationStatus
        var reason: String?
    }

    static func get(_ store: TestStore, _ path: String, _ member: TestMember) async throws -> (TestResponse, JSONValue) {
        let answer = try await store.request(.get, "/v1/orgs/\(store.org)/me/\(path)", token: member.access)
        return (answer, (try? JSONValue.parse(Data(answer.body.readableBytesView))) ?? .null)
    }

    static func offer(event: String, phone: String? = nil, share: Bool = false) -> JSONValue {
        var fields: [String: JSONValue] = [
            "event": .string(event), "seats": .int(3), "direction": .string("to"), "pickupPlace": .string("Poly Canyon"),
            "pickupLatitude": .double(35.30), "pickupLongitude": .double(-120.66), "radiusKm": .int(5),
            "departAt": .string("2026-12-04T02:30:00Z"),
        ]
        if let phone { fields["phone"] = .string(phone) }
        if share { fields["sharePhone"] = .bool(true) }
        return .object(fields)
    }

    /// A request naming only its event and direction: the defaults say where and when.
    static func bareRequest(event: String, phone: String? = nil, share: Bool = false) -> JSONValue {
        var fields: [String: JSONValue] = ["event": .string(event), "direction": .string("to")]
        if let phone { fields["phone"] = .string(phone) }
        if share { fields["sharePhone"] = .bool(true) }
        return .object(fields)
    }

    @Test("members read the default pickup; a request without one is seated through it, the seat rule reading it too",
          arguments: Backend.available)
    func defaultPickup(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let event = try await Self.event(store)
            let ana = try await store.newMember("ana"), sam = try await store.newMember("sam")
            let (none, noneBody) = try await Self.get(store, "ride-defaults", ana)
            #expect(none.status == .ok && noneBody["pickup"] == nil, "no default set yet: \(none.text)")

            let settings = try await Self.push(store, [RideSeatLimitTests.upsert(2, "rideSettings", Fixtures.newRecordId(), [
                "pickupPlace": .string("PAC"), "pickupLatitude": .double(35.301), "pickupLongitude": .double(-120.66),
                "gapMinutes": .int(30),
            ])])
            #expect(settings.map(\.status) == [.applied], "\(settings)")
            let (_, org) = try await Self.get(store, "ride-defaults", ana)
            #expect(org["pickup"]?["place"]?.stringValue == "PAC" && org["pickup"]?["gapMinutes"]?.int64Value == 30)
            #expect(org["pickup"]?["source"]?.stringValue == "organization")
            let (answer, defaults) = try await Self.get(store, "ride-defaults?event=\(event)", ana)
            #expect(answer.status == .ok, "\(answer.text)")
            #expect(defaults["pickup"]?["place"]?.stringValue == "PAC")
            #expect(defaults["departAt"]?.stringValue == DateTimeText.utc(Self.start.addingTimeInterval(-30 * 60)))
            #expect(defaults["returnAt"]?.stringValue == DateTimeText.utc(Self.start.addingTimeInterval(2 * 3600)))
            let (unknown, _) = try await Self.get(store, "ride-defaults?event=\(Fixtures.newRecordId())", ana)
            #expect(unknown.status == .notFound)

            let offer = try await RideCancellationEndpointTests.created(store, "ride-offers", sam, Self.offer(event: event))
            let request = try await RideCancellationEndpointTests.created(store, "ride-requests", ana, Self.bareRequest(event: event))
            let seated = try await Self.push(store, [RideSeatLimitTests.assignment(3, event: event, offer: offer, request: request)])
            #expect(seated.map(\.status) == [.applied], "the PAC is within the driver's radius, at the driver's time: \(seated)")
            let (_, rides) = try await Self.get(store, "rides", ana)
            let own = rides["requests"]?[0]
            #expect(own?["pickupPlace"]?.stringValue == "PAC" && own?["defaultPickup"]?.boolValue == true)
            #expect(own?["departAt"]?.stringValue == DateTimeText.utc(Self.start.addingTimeInterval(-30 * 60)))
            #expect(own?["legs"]?[0]?["state"]?.stringValue == "seated")

            // The event's own pickup, far beyond the driver's 5 km, wins: the next rider is refused.
            let far = try await Self.push(store, [RideSeatLimitTests.upsert(4, "rideEventPickup", Fixtures.newRecordId(), [
                "event": .string(event), "pickupPlace": .string("Church car park"), "pickupLatitude": .double(35.60),
                "pickupLongitude": .double(-120.66), "gapMinutes": .int(30),
            ])])
            #expect(far.map(\.status) == [.applied], "\(far)")
            let (_, eventDefaults) = try await Self.get(store, "ride-defaults?event=\(event)", ana)
            #expect(eventDefaults["pickup"]?["place"]?.stringValue == "Church car park")
            #expect(eventDefaults["pickup"]?["source"]?.stringValue == "event")
            let ben = try await store.newMember("ben")
            let benRequest = try await RideCancellationEndpointTests.created(store, "ride-requests", ben, Self.bareRequest(event: event))
            let refused = try await Self.push(store, [RideSeatLimitTests.assignment(5, event: event, offer: offer, request: benRequest)])
            #expect(refused.map(\.status) == [.rejected])
            #expect(refused.first?.reason?.contains("radius") == true, "\(refused)")
        }
    }

    @Test("a matched member's phone is shown to the other side only when they chose to share it", arguments: Backend.available)
    func sharedPhones(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let event = try await Self.event(store)
            _ = try await Self.push(store, [RideSeatLimitTests.upsert(2, "rideSettings", Fixtures.newRecordId(), [
                "pickupPlace": .string("PAC"), "pickupLatitude": .double(35.301), "pickupLongitude": .double(-120.66),
                "gapMinutes": .int(30),
            ])])
            let sam = try await store.newMember("sam"), dee = try await store.newMember("dee")
            let ana = try await store.newMember("ana"), ben = try await store.newMember("ben"), cy = try await store.newMember("cy")
            let sharing = try await RideCancellationEndpointTests.created(store, "ride-offers", sam,
                                                                          Self.offer(event: event, phone: "805-555-0111", share: true))
            let private_ = try await RideCancellationEndpointTests.created(store, "ride-offers", dee,
                                                                           Self.offer(event: event, phone: "805-555-0144"))
            let anaRequest = try await RideCancellationEndpointTests.created(store, "ride-requests", ana,
                                                                             Self.bareRequest(event: event, phone: "805-555-0122"))
            let benRequest = try await RideCancellationEndpointTests.created(store, "ride-requests", ben,
                                                                             Self.bareRequest(event: event, phone: "805-555-0133", share: true))
            let cyRequest = try await RideCancellationEndpointTests.created(store, "ride-requests", cy,
                                                                            Self.bareRequest(event: event, phone: "805-555-0155", share: true))
            // Before anyone is matched, nobody's phone is shown to anyone.
            let (_, waiting) = try await Self.get(store, "rides", ben)
            #expect(!waiting.canonicalText.contains("805-555-0111"))
            let seated = try await Self.push(store, [
                RideSeatLimitTests.assignment(3, event: event, offer: sharing, request: anaRequest),
                RideSeatLimitTests.assignment(4, event: event, offer: sharing, request: benRequest),
                RideSeatLimitTests.assignment(5, event: event, offer: private_, request: cyRequest),
            ])
            #expect(seated.map(\.status) == [.applied, .applied, .applied], "\(seated)")

            let (_, driver) = try await Self.get(store, "rides", sam)
            let passengers = driver["offers"]?[0]?["legs"]?[0]?["passengers"]?.arrayValue ?? []
            let phones = Dictionary(uniqueKeysWithValues: passengers.map { ($0["email"]?.stringValue ?? "", $0["phone"]?.stringValue) })
            #expect(phones.count == 2, "\(driver.canonicalText)")
            #expect(phones.values.compactMap { $0 } == ["805-555-0133"], "only Ben shares: \(phones)")
            #expect(!driver.canonicalText.contains("805-555-0122"), "Ana's phone never reaches her driver")
            let (_, anaView) = try await Self.get(store, "rides", ana)
            #expect(anaView["requests"]?[0]?["legs"]?[0]?["driver"]?["phone"]?.stringValue == "805-555-0111", "Sam shares")
            let (_, cyView) = try await Self.get(store, "rides", cy)
            #expect(cyView["requests"]?[0]?["legs"]?[0]?["state"]?.stringValue == "seated")
            #expect(cyView["requests"]?[0]?["legs"]?[0]?["driver"]?["phone"] == nil, "Dee does not share")
            #expect(!cyView.canonicalText.contains("805-555-0144"))
            let (_, deeView) = try await Self.get(store, "rides", dee)
            #expect(deeView["offers"]?[0]?["legs"]?[0]?["passengers"]?[0]?["phone"]?.stringValue == "805-555-0155", "Cy shares")
        }
    }
}

private extension JSONValue {
    /// The item at `index` of an array; nil for anything else or out of range.
    subscript(index: Int) -> JSONValue? {
        guard let items = arrayValue, items.indices.contains(index) else { return nil }
        return items[index]
    }
}
