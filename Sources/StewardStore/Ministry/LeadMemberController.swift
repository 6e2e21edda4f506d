import Foundation
import Hummingbird
import StewardCore

/// `POST /v1/orgs/{org}/me/leads`: a signed-in member answers "get involved" (name, contact,
/// interests, availability, and the questionnaire's gender, year, area, free days and times);
/// the answer lands in the console as a new lead for staff to route.
/// Member tokens only, within the submissions' hourly limit per member.
struct LeadMemberController {
    let repository: any StoreRepository
    /// Answers per member, counted in the database.
    let limiter: AttemptLimit
    let bodyReader = RequestBodyReader(limit: 16 * 1024)

    func addRoutes(to group: RouterGroup<StoreRequestContext>) {
        group.post("me/leads", use: create)
    }

    @Sendable func create(request: Request, context: StoreRequestContext) async throws -> Response {
        let member = try context.requireMember()
        if let wait = try await limiter.admit("\(member.grant.org)|\(member.id)") {
            throw StoreHTTPError.tooManyRequests(retryAfter: wait,
                                                 message: "too many answers; wait \(wait) seconds and try again")
        }
        let body = try JSONInput.value(from: try await bodyReader.read(request))
        let id = UUID().uuidString.lowercased()
        let now = Date()
        let record: RemoteRecord
        do {
            record = try await repository.change(org: member.grant.org, keys: MemberLeads.keys(memberId: member.id, id: id),
                                                 author: member.grant.author, now: now) { writer in
                try MemberLeads.create(body, id: id, memberId: member.id, now: now, writer: &writer)
            }
        } catch let failure as MemberLeads.Failure {
            switch failure {
            case .invalid(let message): throw StoreHTTPError.badRequest(message)
            case .disabled: throw StoreHTTPError.accountDisabled
            }
        }
        context.logger.info("lead", metadata: ["lead": "\(id)"])
        return try JSONTextBody(MemberLeads.view(record), status: .created).response(from: request, context: context)
    }
}
