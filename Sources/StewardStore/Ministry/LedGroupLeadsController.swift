import Foundation
import Hummingbird
import StewardCore

/// `GET /v1/orgs/{org}/me/led-groups/leads`: a community group's leader reads the leads routed
/// to the groups they lead (`LedGroupLeads`), as the notice that told them asks. Member tokens
/// only; a member who leads no group is refused (403): members never read other people's
/// contact details.
struct LedGroupLeadsController {
    let repository: any StoreRepository

    func addRoutes(to group: RouterGroup<StoreRequestContext>) {
        group.get("me/led-groups/leads", use: read)
    }

    @Sendable func read(request: Request, context: StoreRequestContext) async throws -> JSONTextBody {
        let member = try context.requireMember()
        let org = member.grant.org
        let groups = try await repository.liveRecords(org: org, entity: RecordType.communityGroup.entity)
        guard !LedGroupLeads.groupsLed(by: member.id, groups: groups).isEmpty else {
            throw StoreHTTPError.forbidden("only a community group's leader reads its leads; this account leads no group")
        }
        let leads = try await repository.liveRecords(org: org, entity: RecordType.lead.entity)
        guard let view = LedGroupLeads.view(memberId: member.id, groups: groups, leads: leads) else {
            throw StoreHTTPError.forbidden("only a community group's leader reads its leads; this account leads no group")
        }
        return JSONTextBody(view)
    }
}
