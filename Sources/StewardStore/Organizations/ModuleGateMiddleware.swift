import Foundation
import Hummingbird
import StewardCore

/// Serves a module's endpoints only to an organization that uses the module: for one that
/// switched it off, a 404 that says so, for every role. It runs after authentication, so an
/// unknown token still learns nothing of which modules an organization uses.
///
/// With the read cache on, the choice is kept like the answers members poll: the organization's
/// row is read (and handed to the handler in the context), and the choice is read again only
/// when its change counter moved.
struct ModuleGateMiddleware: RouterMiddleware {
    typealias Context = StoreRequestContext
    let repository: any StoreRepository
    let cache: MemberReadCache

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let module = ModuleRoutes.module(of: ModuleRoutes.orgPath(request.uri.path)),
              let org = context.parameters.get("org") else {
            return try await next(request, context)
        }
        var context = context
        let chosen: [Module]?
        if cache.keepsAnswers, OrgSlug.isValid(org), let info = try await repository.org(slug: org) {
            context.organization = info
            let kept = try await cache.answer(MemberReadCache.Key(org: org, endpoint: "#module-choice"), at: MemberReadCache.Version(info)) {
                // `*` while no console sent a choice (every module served), else one module a line.
                guard let chosen = try await ModuleChoices.chosen(org: org, repository: repository) else { return Data("*".utf8) }
                return Data(chosen.map(\.rawValue).joined(separator: "\n").utf8)
            }
            let text = String(decoding: kept.body, as: UTF8.self)
            chosen = text == "*" ? nil : text.split(separator: "\n").compactMap { Module(rawValue: String($0)) }
        } else {
            chosen = try await ModuleChoices.chosen(org: org, repository: repository)
        }
        guard let chosen, !chosen.contains(module) else {
            return try await next(request, context)
        }
        throw StoreHTTPError(.notFound, ErrorResponse.Code.moduleNotUsed,
                             "this organization does not use the \(module.rawValue) module (see GET /v1/orgs/\(org)/modules)")
    }
}
