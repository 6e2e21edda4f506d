import Hummingbird
import Logging
import StewardCore

/// GET /v1/orgs/{org}/changes?cursor=&limit=: the change feed, oldest first.
struct ChangesController {
    let repository: any StoreRepository

    static let defaultLimit = 1000
    static let maxLimit = 5000

    func addRoutes(to group: RouterGroup<StoreRequestContext>) {
        group.get("changes", use: changes)
    }

    @Sendable func changes(request: Request, context: StoreRequestContext) async throws -> JSONBody<PullResponse> {
        let grant = try context.requireGrant()
        let query = request.uri.queryParameters
        let cursorText = query.get("cursor") ?? ""
        guard let cursor = SyncCursor(text: cursorText) else {
            throw StoreHTTPError.badRequest("cursor: not a cursor this store gave out; pass the last page's cursor, or none")
        }
        let limit = try QueryLimit.parse(query.get("limit"), default: Self.defaultLimit, max: Self.maxLimit)
        let page = try await repository.changes(org: grant.org, after: cursor, limit: limit)
        return JSONBody(PullResponse(changes: page.changes, cursor: page.cursor.text, hasMore: page.hasMore,
                                     storeId: page.storeId, purgedThrough: page.purgedThrough))
    }
}
