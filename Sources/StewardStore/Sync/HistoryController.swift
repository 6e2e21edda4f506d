import Foundation
import Hummingbird
import StewardCore

/// GET /v1/orgs/{org}/records/{entity}/{id}/history: who changed a record, when, and what,
/// oldest first. Any role of the organization may read it.
struct HistoryController {
    let repository: any StoreRepository

    func addRoutes(to group: RouterGroup<StoreRequestContext>) {
        group.get("records/{entity}/{id}/history", use: history)
    }

    @Sendable func history(request: Request, context: StoreRequestContext) async throws -> JSONBody<HistoryResponse> {
        let grant = try context.requireGrant()
        let entity = context.parameters.get("entity") ?? ""
        guard SyncEntity.all.contains(entity) else {
            throw StoreHTTPError.badRequest("entity: '\(entity)' is not an entity the store keeps (\(SyncEntity.all.sorted().joined(separator: ", ")))")
        }
        guard let uuid = context.parameters.get("id").flatMap(UUID.init(uuidString:)) else {
            throw StoreHTTPError.badRequest("id: must be a record's UUID")
        }
        let id = uuid.uuidString.lowercased()
        guard let entries = try await repository.history(org: grant.org, entity: entity, id: id) else {
            throw StoreHTTPError.notFound("the store has never had \(entity) \(id)")
        }
        return JSONBody(HistoryResponse(entries: entries))
    }
}
