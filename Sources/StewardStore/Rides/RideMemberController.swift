import Foundation
import Hummingbird
import StewardCore

/// The app's ride endpoints, for a signed-in member (a member token: no token is 401, a staff
/// token 403):
/// - `POST /v1/orgs/{org}/me/ride-offers` and `me/ride-requests`: offer seats (only registered
///   members drive) or ask for a ride. Staff enter offers and requests for others through the
///   console.
/// - `POST …/me/ride-offers/{id}/cancel` and `…/me/ride-requests/{id}/cancel`: cancel one's own
///   (another member's is 403, an unknown id 404); a second cancel changes nothing and says so.
/// - `GET …/me/rides`: one's own offers and requests with their state, the matched other party,
///   and one's ride notifications.
/// - `GET …/me/ride-defaults[?event=ID[&occurrence=DATE]]`: where rides that name no pickup meet
///   (the event's default pickup, else the organization's) and when they leave there and back.
struct RideMemberController {
    let repository: any StoreRepository
    let bodyReader = RequestBodyReader(limit: 16 * 1024)

    func addRoutes(to group: RouterGroup<StoreRequestContext>) {
        group.post("me/ride-offers") { request, context in try await create(.rideOffer, request: request, context: context) }
        group.post("me/ride-requests") { request, context in try await create(.rideRequest, request: request, context: context) }
        group.post("me/ride-offers/{id}/cancel") { request, context in try await cancel(.offer, request: request, context: context) }
        group.post("me/ride-requests/{id}/cancel") { request, context in try await cancel(.request, request: request, context: context) }
        group.get("me/rides", use: myRides)
        group.get("me/ride-defaults", use: rideDefaults)
    }

    @Sendable func create(_ type: RecordType, request: Request, context: StoreRequestContext) async throws -> Response {
        let member = try context.requireMember()
        let body = try await json(request, required: true)
        let id = UUID().uuidString.lowercased()
        let record: RemoteRecord
        do {
            record = try await repository.change(org: member.grant.org, keys: MemberRides.keys(memberId: member.id, body: body, id: id, type: type),
                                                 author: "member:\(member.email)", now: Date()) { writer in
                try MemberRides.create(body, type: type, id: id, memberId: member.id, writer: &writer)
            }
        } catch let failure as MemberRides.Failure {
            throw Self.httpError(failure)
        }
        let answer: JSONValue = .object(["id": .string(record.id), "fields": record.fields])
        return try JSONTextBody(answer, status: .created).response(from: request, context: context)
    }

    /// Cancels the member's own offer or request. The body is optional: `{"reason": "…"}`.
    @Sendable func cancel(_ side: RideCancellation.Side, request: Request, context: StoreRequestContext) async throws -> JSONTextBody {
        let member = try context.requireMember()
        let noun = side.type.nouns.one.english
        guard let id = context.parameters.get("id").flatMap(UUID.init(uuidString:))?.uuidString.lowercased() else {
            throw StoreHTTPError.notFound("no \(noun) with that id")
        }
        let body = try await json(request, required: false)
        let reason = body["reason"]?.stringValue
        let org = member.grant.org
        var first: MemberRideCancellation.Pass?
        var released: [RidePair] = []
        // A second pass releases an assignment a console pushed between the read of the keys
        // and the cancellation; once it is stored, the seat rule refuses any further one.
        for _ in 0..<3 {
            let assignments = try await repository.liveRecords(org: org, entity: RecordType.rideAssignment.entity)
            let involved = assignments.filter { $0.fields[side.rawValue]?.stringValue == id }
            if first != nil, involved.isEmpty { break }
            let others = try await repository.liveRecords(org: org, entity: side == .offer ? RecordType.rideRequest.entity : RecordType.rideOffer.entity)
            let keys = MemberRideCancellation.keys(side: side, id: id, memberId: member.id, assignments: involved, others: others)
            let pass: MemberRideCancellation.Pass
            do {
                pass = try await repository.change(org: org, keys: keys, author: "member:\(member.email)", now: Date()) { writer in
                    try MemberRideCancellation.apply(side: side, id: id, memberId: member.id, reason: reason, writer: &writer)
                }
            } catch let failure as RideCancellation.Failure {
                switch failure {
                case .notFound: throw StoreHTTPError.notFound("no \(noun) with that id")
                case .notYours: throw StoreHTTPError.forbidden("this \(noun) is not yours; members cancel only their own")
                case .invalid(let message): throw StoreHTTPError.badRequest(message)
                }
            } catch let failure as MemberRides.Failure {
                throw Self.httpError(failure)
            }
            if first == nil { first = pass }
            released += pass.released
        }
        let already = first?.alreadyCancelled ?? false
        let message = already ? "this \(noun) was already cancelled; nothing changed"
            : "\(noun) cancelled; \(released.count) \(released.count == 1 ? "seat" : "seats") freed"
        return JSONTextBody(.object(["id": .string(id), "cancelled": .bool(true), "alreadyCancelled": .bool(already),
                                     "released": .int(Int64(released.count)), "message": .string(message)]))
    }

    @Sendable func myRides(request: Request, context: StoreRequestContext) async throws -> JSONTextBody {
        let member = try context.requireMember()
        let org = member.grant.org
        func live(_ type: RecordType) async throws -> [RemoteRecord] {
            try await repository.liveRecords(org: org, entity: type.entity)
        }
        let byId = { (records: [RemoteRecord]) in Dictionary(records.map { ($0.id, $0.fields) }, uniquingKeysWith: { a, _ in a }) }
        let view = MemberRideView(offers: try await live(.rideOffer), requests: try await live(.rideRequest),
                                  assignments: try await live(.rideAssignment), members: byId(try await live(.member)),
                                  events: byId(try await live(.event)), notifications: try await live(.rideNotification),
                                  eventPickups: try await live(.rideEventPickup), settings: try await live(.rideSettings))
        return JSONTextBody(view.json(for: member.id))
    }

    /// The default pickup and times a member offering or asking for a ride is offered: the
    /// organization's alone, or those of one event (on one date of a series).
    @Sendable func rideDefaults(request: Request, context: StoreRequestContext) async throws -> JSONTextBody {
        let member = try context.requireMember()
        let org = member.grant.org
        let query = request.uri.queryParameters
        let settings = try await repository.liveRecords(org: org, entity: RecordType.rideSettings.entity)
        guard let text = query.get("event") else {
            let pickup = RideDefaultPickup(fields: settings.min { $0.id < $1.id }?.fields, source: .organization)
            return JSONTextBody(.object(pickup.map { ["pickup": RideDefaultsJSON.pickup($0)] } ?? [:]))
        }
        guard let uuid = UUID(uuidString: text) else { throw StoreHTTPError.badRequest("event: must be an event id (a UUID)") }
        let eventId = uuid.uuidString.lowercased()
        guard let event = try await repository.liveRecords(org: org, entity: SyncEntity.event, ids: [eventId]).first else {
            throw StoreHTTPError.notFound("no event with that id in this organization")
        }
        guard event.fields["rideSharing"]?.boolValue == true else {
            throw StoreHTTPError.badRequest("event: this event does not have ride sharing on")
        }
        let occurrence = query.get("occurrence").flatMap { $0.isEmpty ? nil : $0 }
        if let occurrence,
           let issue = RideOccurrences.problem(.object([RideOccurrences.field: .string(occurrence)]), event: event.fields) {
            throw StoreHTTPError.badRequest("occurrence: \(issue.message)")
        }
        let view = MemberRideView(offers: [], requests: [], assignments: [], members: [:], events: [eventId: event.fields],
                                  notifications: [], eventPickups: try await repository.liveRecords(org: org, entity: RecordType.rideEventPickup.entity),
                                  settings: settings)
        var fields: JSONValue = .object(["event": .string(eventId)])
        if let occurrence, case .object(var values) = fields {
            values[RideOccurrences.field] = .string(occurrence)
            fields = .object(values)
        }
        var answer = RideDefaultsJSON.defaults(view.defaults(for: fields))
        var about: [String: JSONValue] = ["id": .string(eventId)]
        about["title"] = event.fields["title"]
        about["startsAt"] = event.fields["startsAt"]
        answer["event"] = .object(about)
        if let occurrence { answer["occurrence"] = .string(occurrence) }
        return JSONTextBody(.object(answer))
    }

    /// The body as JSON; an empty body is `{}` when none is required.
    private func json(_ request: Request, required: Bool) async throws -> JSONValue {
        let data = try await bodyReader.read(request)
        if !required, data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { return .object([:]) }
        return try JSONInput.value(from: data)
    }

    private static func httpError(_ failure: MemberRides.Failure) -> StoreHTTPError {
        switch failure {
        case .invalid(let message): StoreHTTPError.badRequest(message)
        case .disabled: StoreHTTPError.accountDisabled
        case .noEvent: StoreHTTPError.notFound("no event with that id in this organization")
        case .rideSharingOff: StoreHTTPError.badRequest("event: this event does not have ride sharing on")
        }
    }
}
