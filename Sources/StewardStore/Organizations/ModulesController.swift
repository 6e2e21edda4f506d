import Foundation
import Hummingbird
import StewardCore

/// GET /v1/orgs/{org}/modules: the modules the organization uses, in the console's sidebar
/// order, so the apps show a tab for each and no other. Any token of the organization may read
/// it. `chosen` is false while no console has sent a choice: every module is served then.
struct ModulesController {
    let repository: any StoreRepository

    func addRoutes(to group: RouterGroup<StoreRequestContext>) {
        group.get("modules", use: modules)
    }

    @Sendable func modules(request: Request, context: StoreRequestContext) async throws -> ConditionalBody {
        let grant = try context.requireGrant(members: true)
        let chosen = try await ModuleChoices.chosen(org: grant.org, repository: repository)
        let body = JSONValue.object([
            "modules": .array((chosen ?? Module.allCases).map { .string($0.rawValue) }),
            "chosen": .bool(chosen != nil),
        ])
        return ConditionalBody(data: Data(body.canonicalBytes), contentType: "application/json; charset=utf-8",
                               cacheControl: "private, no-cache")
    }
}
