import Hummingbird
import StewardCore

/// Serves a module's endpoints only to an organization that uses the module: for one that
/// switched it off, a 404 that says so, for every role. It runs after authentication, so an
/// unknown token still learns nothing of which modules an organization uses.
struct ModuleGateMiddleware: RouterMiddleware {
    typealias Context = StoreRequestContext
    let repository: any StoreRepository

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let module = ModuleRoutes.module(of: ModuleRoutes.orgPath(request.uri.path)),
              let org = context.parameters.get("org"),
              let chosen = try await ModuleChoices.chosen(org: org, repository: repository),
              !chosen.contains(module) else {
            return try await next(request, context)
        }
        throw StoreHTTPError(.notFound, ErrorResponse.Code.moduleNotUsed,
                             "this organization does not use the \(module.rawValue) module (see GET /v1/orgs/\(org)/modules)")
    }
}
