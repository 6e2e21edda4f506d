import Foundation
import Hummingbird
import StewardCore

/// The member's campus and ministry, chosen in the app (member tokens only):
/// - `GET /v1/orgs/{org}/me/campus`: `{"campus": ID|null, "ministry": ID|null}`;
/// - `PUT /v1/orgs/{org}/me/campus` with the same body: keeps the choice and answers it.
///
/// The member's reads of events (`events/upcoming`, `events`) and of tagged records
/// (`ministry-resources`) then carry only what concerns the choice (`CampusChoiceReads`); the
/// campuses and ministries to choose from are read at `campuses` and `ministries`.
struct CampusChoiceController {
    let repository: any StoreRepository
    let bodyReader = RequestBodyReader(limit: 4 * 1024)

    func addRoutes(to group: RouterGroup<StoreRequestContext>) {
        group.get("me/campus", use: read)
        group.put("me/campus", use: choose)
    }

    @Sendable func read(request: Request, context: StoreRequestContext) async throws -> JSONTextBody {
        let member = try context.requireMember()
        return JSONTextBody(MemberCampusChoice.json(try await CampusChoiceReads.choice(of: member.grant, repository: repository)))
    }

    @Sendable func choose(request: Request, context: StoreRequestContext) async throws -> JSONTextBody {
        let member = try context.requireMember()
        let body = try JSONInput.value(from: try await bodyReader.read(request))
        do {
            let choice = try MemberCampusChoice.parse(body)
            let kept = try await repository.change(org: member.grant.org, keys: MemberCampusChoice.keys(memberId: member.id, choice: choice),
                                                   author: "member:\(member.email)", now: Date()) { writer in
                try MemberCampusChoice.choose(choice, memberId: member.id, writer: &writer)
            }
            return JSONTextBody(MemberCampusChoice.json(kept))
        } catch let failure as MemberCampusChoice.Failure {
            switch failure {
            case .invalid(let message): throw StoreHTTPError.badRequest(message)
            case .disabled: throw StoreHTTPError.accountDisabled
            case .unknown(let field, let noun):
                throw StoreHTTPError.notFound("\(field): no \(noun) with that id in this organization; choose one the `\(noun == "campus" ? "campuses" : "ministries")` list gives")
            }
        }
    }
}
