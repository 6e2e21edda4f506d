import Foundation
import HummingbirdTesting
import Testing
import StewardCore
@testable import StewardStore

/// Cancellations from the app and a member's own rides, on every backend: a member cancels only
/// their own offer or request; the cancellation removes the assignments involving it at once
/// and notifies each member affected; `me/rides` shows the other party of a pair only once the
/// two are matched, and never another member's rides.
@Suite("Ride cancellations and own rides from the app")
struct RideCancellationEndpointTests {
    /// A driver's offer (3 seats to the event), two members' requests and a third member who
    /// takes no part; both passengers seated with the driver by staff.
    struct Board {
        var event: String
        var driver: TestMember
        var ana: TestMember
        var ben: TestMember
        var stranger: TestMember
        var offer: String
        var anaRequest: String
        var benRequest: String
    }

    static func board(_ store: TestStore) async throws -> Board {
        let event = try await RideMemberEndpointTests.event(store, rideSharing: true)
        let driver = try await store.newMember("sam"), ana = try await store.newMember("ana"), ben = try await store.newMember("ben")
        let stranger = try await store.newMember("cy")
        let offer = try await created(store, "ride-offers", driver, RideMemberEndpointTests.offer(event: event))
        let request: JSONValue = .object(["event": .string(event), "direction": .string("to"), "pickupPlace": .string("Yosemite Hall"),
                                          "pickupLatitude": .string("35.31"), "pickupLongitude": .string("-120.66"),
                                          "departAt": .string("2026-12-04T02:35:00Z")])
        let anaRequest = try await created(store, "ride-requests", ana, request)
        let benRequest = try await created(store, "ride-requests", ben, request)
        // The stranger asks too, but nobody seats them.
        _ = try await created(store, "ride-requests", stranger, request)
        let seated = try await store.pushOK(PushRequest(clientId: Fixtures.clientId("staff"), mutations: [
            RideSeatLimitTests.assignment(1, event: event, offer: offer, request: anaRequest),
            RideSeatLimitTests.assignment(2, event: event, offer: offer, request: benRequest),
        ]))
        #expect(seated.results.map(\.status) == [.applied, .applied], "\(seated.results)")
        return Board(event: event, driver: driver, ana: ana, ben: ben, stranger: stranger, offer: offer, anaRequest: anaRequest,
                     benRequest: benRequest)
    }

    static func created(_ store: TestStore, _ path: String, _ member: TestMember, _ body: JSONValue) async throws -> String {
        let answer = try await store.request(.post, "/v1/orgs/\(store.org)/me/\(path)", token: member.access, body: store.json(body))
        #expect(answer.status == .created, "\(answer.text)")
        return try JSONValue.parse(Data(answer.body.readableBytesView))["id"]?.stringValue ?? ""
    }

    static func cancel(_ store: TestStore, _ path: String, _ id: String, token: String?, reason: String? = nil) async throws -> (TestResponse, JSONValue) {
        let body = reason.map { store.json(.object(["reason": .string($0)])) }
        let answer = try await store.request(.post, "/v1/orgs/\(store.org)/me/\(path)/\(id)/cancel", token: token, body: body)
        return (answer, (try? JSONValue.parse(Data(answer.body.readableBytesView))) ?? .null)
    }

    static func rides(_ store: TestStore, _ member: TestMember) async throws -> JSONValue {
        let answer = try await store.request(.get, "/v1/orgs/\(store.org)/me/rides", token: member.access)
        #expect(answer.status == .ok, "\(answer.text)")
        return try JSONValue.parse(Data(answer.body.readableBytesView))
    }

    static func liveAssignments(_ store: TestStore) async throws -> [RemoteRecord] {
        try await store.pullAll().records.filter { $0.entity == "rideAssignment" && !$0.deleted }
    }

    static func notes(_ store: TestStore, for member: TestMember) async throws -> [String] {
        try await store.pullAll().records.filter { $0.entity == "rideNotification" && !$0.deleted && $0.fields["member"]?.stringValue == member.id }
            .compactMap { $0.fields["message"]?.stringValue }
    }

    @Test("a driver cancels their whole offer: the passengers wait again and each is told", arguments: Backend.available)
    func driverCancels(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let b = try await Self.board(store)
            let (answer, body) = try await Self.cancel(store, "ride-offers", b.offer, token: b.driver.access, reason: "car broke down")
            #expect(answer.status == .ok, "\(answer.text)")
            #expect(body["alreadyCancelled"]?.boolValue == false)
            #expect(body["released"]?.int64Value == 2)
            let offer = try await store.stored("rideOffer", b.offer)
            #expect(offer?.fields["cancelled"]?.boolValue == true)
            #expect(offer?.fields["cancelReason"]?.stringValue == "car broke down")
            #expect(try await Self.liveAssignments(store).isEmpty, "the offer's seats stop counting at once")
            for passenger in [b.ana, b.ben] {
                let notes = try await Self.notes(store, for: passenger)
                #expect(notes == ["Your driver for the ride to the event cancelled; you are back on the list"], "\(notes)")
            }
            #expect(try await Self.notes(store, for: b.driver).isEmpty, "the driver is not told of their own cancellation")
            // Ana reads her request waiting again, with no driver named any more.
            let rides = try await Self.rides(store, b.ana)
            let leg = rides["requests"]?.arrayValue?.first?["legs"]?.arrayValue?.first
            #expect(leg?["state"]?.stringValue == "waiting")
            #expect(leg?["driver"] == nil)
            #expect(rides["notifications"]?.arrayValue?.first?["message"]?.stringValue?.contains("you are back on the list") == true)
            // Cancelling again changes nothing and says so.
            let (again, againBody) = try await Self.cancel(store, "ride-offers", b.offer, token: b.driver.access)
            #expect(again.status == .ok)
            #expect(againBody["alreadyCancelled"]?.boolValue == true)
            #expect(againBody["message"]?.stringValue?.contains("already cancelled") == true)
            #expect(try await Self.notes(store, for: b.ana).count == 1, "a second cancel notifies nobody again")
        }
    }

    @Test("a passenger cancels their request: the seat is free and the driver is told", arguments: Backend.available)
    func passengerCancels(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let b = try await Self.board(store)
            let (answer, body) = try await Self.cancel(store, "ride-requests", b.anaRequest, token: b.ana.access)
            #expect(answer.status == .ok, "\(answer.text)")
            #expect(body["released"]?.int64Value == 1)
            let left = try await Self.liveAssignments(store)
            #expect(left.map { $0.fields["request"]?.stringValue } == [b.benRequest], "only Ana's seat is freed")
            let driverNotes = try await Self.notes(store, for: b.driver)
            #expect(driverNotes.count == 1 && driverNotes[0].contains("cancelled their ride with you to the event"), "\(driverNotes)")
            #expect(try await Self.notes(store, for: b.ana).isEmpty)
            // The driver now sees one passenger, Ben, and a seat more.
            let rides = try await Self.rides(store, b.driver)
            let leg = rides["offers"]?.arrayValue?.first?["legs"]?.arrayValue?.first
            #expect(leg?["seatsLeft"]?.int64Value == 2)
            #expect(leg?["passengers"]?.arrayValue?.compactMap { $0["email"]?.stringValue } == [b.ben.email])
        }
    }

    @Test("only one's own: another member's is 403, an unknown id 404, no token 401, a staff token 403", arguments: Backend.available)
    func onlyOwn(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let b = try await Self.board(store)
            let (theirs, _) = try await Self.cancel(store, "ride-offers", b.offer, token: b.ana.access)
            #expect(theirs.status == .forbidden, "\(theirs.text)")
            let (request, _) = try await Self.cancel(store, "ride-requests", b.anaRequest, token: b.ben.access)
            #expect(request.status == .forbidden)
            let (unknown, _) = try await Self.cancel(store, "ride-requests", Fixtures.newRecordId(), token: b.ana.access)
            #expect(unknown.status == .notFound)
            // An offer's id is not a request's.
            let (wrongKind, _) = try await Self.cancel(store, "ride-requests", b.offer, token: b.driver.access)
            #expect(wrongKind.status == .notFound)
            let (visitor, _) = try await Self.cancel(store, "ride-offers", b.offer, token: nil)
            #expect(visitor.status == .unauthorized)
            let (staff, _) = try await Self.cancel(store, "ride-offers", b.offer, token: store.admin)
            #expect(staff.status == .forbidden)
            #expect(try await Self.liveAssignments(store).count == 2, "no refused cancel changed anything")
            #expect(try await store.stored("rideOffer", b.offer)?.fields["cancelled"]?.boolValue != true)
        }
    }

    @Test("me/rides: contact details only between matched members, never another member's rides", arguments: Backend.available)
    func ownRides(backend: Backend) async throws {
        try await TestStore.with(backend) { store in
            let b = try await Self.board(store)
            let driverView = try await Self.rides(store, b.driver)
            #expect(driverView["requests"]?.arrayValue?.isEmpty == true)
            let offers = driverView["offers"]?.arrayValue ?? []
            #expect(offers.map { $0["id"]?.stringValue } == [b.offer])
            let emails = Set(offers.first?["legs"]?.arrayValue?.first?["passengers"]?.arrayValue?.compactMap { $0["email"]?.stringValue } ?? [])
            #expect(emails == [b.ana.email, b.ben.email], "the driver sees their two passengers, not the one waiting")
            let anaView = try await Self.rides(store, b.ana)
            #expect(anaView["offers"]?.arrayValue?.isEmpty == true)
            let anaLeg = anaView["requests"]?.arrayValue?.first?["legs"]?.arrayValue?.first
            #expect(anaLeg?["state"]?.stringValue == "seated")
            #expect(anaLeg?["driver"]?["email"]?.stringValue == b.driver.email)
            // The stranger is waiting: their own request, no one's contact, nobody else's rides.
            let strangerView = try await Self.rides(store, b.stranger)
            let requests = strangerView["requests"]?.arrayValue ?? []
            #expect(requests.count == 1)
            #expect(requests.first?["legs"]?.arrayValue?.first?["state"]?.stringValue == "waiting")
            let text = strangerView.canonicalText
            for other in [b.driver, b.ana, b.ben] { #expect(!text.contains(other.email), "\(other.email) leaked to a member not paired with them") }
            for id in [b.offer, b.anaRequest, b.benRequest] { #expect(!text.contains(id), "another member's ride \(id) shown") }
            let anaText = anaView.canonicalText
            #expect(!anaText.contains(b.ben.email) && !anaText.contains(b.benRequest), "a fellow passenger is not Ana's to see")
            let staff = try await store.request(.get, "/v1/orgs/\(store.org)/me/rides", token: store.admin)
            #expect(staff.status == .forbidden)
        }
    }
}
