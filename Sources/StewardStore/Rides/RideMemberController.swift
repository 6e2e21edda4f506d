import Foundation
import Hummingbird
import StewardCore

/// `POST /v1/orgs/{org}/me/ride-offers` and `me/ride-requests`: a signed-in member offers
/// seats (only registered members drive: a member token is required, so neither a visitor
/// without an account nor a staff token can offer) or asks for a ride. Staff enter offers and
/// requests for others through the console.
struct RideMemberController {
    let repository: any StoreRepository
    let bodyReader = RequestBodyReader(limit: 16 * 1024)

    func addRoutes(to group: RouterGroup<StoreRequestContext>) {
        group.post("me/ride-offers") { request, context in try await create(.rideOffer, request: request, context: context) }
        group.post("me/ride-requests") { request, context in try await create(.rideRequest, request: request, context: context) }
    }

    @Sendable func create(_ type: RecordType, request: Request, context: StoreRequestContext) async throws -> Response {
        let member = try context.requireMember()
        let data = try await bodyReader.read(request)
        let body: JSONValue
        do {
            body = try JSONValue.parse(data)
        } catch {
            throw StoreHTTPError.badRequest("body: \(error.description)")
        }
        let id = UUID().uuidString.lowercased()
        let record: RemoteRecord
        do {
            record = try await repository.change(org: member.grant.org, keys: MemberRides.keys(memberId: member.id, body: body, id: id, type: type),
                                                 author: "member:\(member.email)", now: Date()) { writer in
                try MemberRides.create(body, type: type, id: id, memberId: member.id, writer: &writer)
            }
        } catch let failure as MemberRides.Failure {
            switch failure {
            case .invalid(let message): throw StoreHTTPError.badRequest(message)
            case .disabled: throw StoreHTTPError.accountDisabled
            case .noEvent: throw StoreHTTPError.notFound("no event with that id in this organization")
            case .rideSharingOff: throw StoreHTTPError.badRequest("event: this event does not have ride sharing on")
            }
        }
        let answer: JSONValue = .object(["id": .string(record.id), "fields": record.fields])
        return try JSONTextBody(answer, status: .created).response(from: request, context: context)
    }
}
