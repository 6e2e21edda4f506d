import Foundation
import Hummingbird
import Logging
import StewardCore

/// Guards the /v1/orgs/{org} routes: the bearer token must be an API token the store issued or
/// the access token of a live staff session (401 otherwise; `token-expired` when only its time
/// is up, so the console knows to refresh), and its organization must be the one in the path
/// (403 otherwise, also for organizations that do not exist, so a token cannot probe for other
/// organizations). What each role may do is checked by the handlers
/// (`StoreRequestContext.requireGrant`).
struct BearerAuthMiddleware: RouterMiddleware {
    typealias Context = StoreRequestContext
    let repository: any StoreRepository

    /// Longer "tokens" are not ours; refusing them early keeps hashing cheap.
    static let maxTokenLength = 256

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let token = Self.bearerToken(request.headers[.authorization]) else {
            throw StoreHTTPError.unauthorized
        }
        let grant = try await grant(for: token)
        let org = context.parameters.get("org") ?? ""
        guard OrgSlug.isValid(org) else {
            throw StoreHTTPError.badRequest("org: must be 2 to 40 lower-case letters, digits or dashes, starting with a letter or digit")
        }
        guard grant.org == org else {
            throw StoreHTTPError.forbidden("this token cannot act on that organization")
        }
        var context = context
        context.grant = grant
        context.logger[metadataKey: "org"] = "\(org)"
        context.logger[metadataKey: "role"] = "\(grant.roleName)"
        return try await next(request, context)
    }

    private func grant(for token: String) async throws -> AccessGrant {
        let hash = BearerToken.hash(token)
        if SessionToken.isMemberAccess(token) {
            guard let access = try await repository.memberAccess(forTokenHash: hash), !access.revoked else {
                throw StoreHTTPError.unauthorized
            }
            guard !access.isDisabled else { throw StoreHTTPError.accountDisabled }
            guard access.expiresAt > Date() else { throw StoreHTTPError.tokenExpired }
            // As for staff: the first use ends the window in which its refresh may be repeated.
            if !access.used { try await repository.markAccessTokenUsed(hash: hash, now: Date()) }
            return AccessGrant(org: access.org, bearer: .member(id: access.memberId, email: access.email, role: access.role,
                                                                sessionId: access.sessionId))
        }
        if SessionToken.isAccess(token) {
            guard let access = try await repository.staffAccess(forTokenHash: hash), !access.revoked else {
                throw StoreHTTPError.unauthorized
            }
            guard access.expiresAt > Date() else { throw StoreHTTPError.tokenExpired }
            // Once per token: its first use proves the refresh that gave it was answered, so that
            // refresh may no longer be repeated (see `StaffRepository.refreshSession`).
            if !access.used { try await repository.markAccessTokenUsed(hash: hash, now: Date()) }
            return AccessGrant(org: access.org, bearer: .staff(email: access.email, role: access.role,
                                                               sessionId: access.sessionId))
        }
        guard let stored = try await repository.token(forHash: hash) else {
            throw StoreHTTPError.unauthorized
        }
        // Not `token-expired`: an API token cannot be refreshed, only replaced.
        if let refusal = stored.refusal(at: Date()) {
            throw StoreHTTPError(.unauthorized, ErrorResponse.Code.unauthorized,
                                 "\(refusal); ask the organization's administrator for a new one")
        }
        return AccessGrant(org: stored.org, bearer: .apiToken(stored.role, id: stored.id))
    }

    /// The token of an `Authorization: Bearer <token>` header (scheme case-insensitive).
    static func bearerToken(_ header: String?) -> String? {
        guard let header else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        guard !token.isEmpty, token.count <= maxTokenLength else { return nil }
        return token
    }
}

extension StoreRequestContext {
    /// The grant `BearerAuthMiddleware` established, of staff or an API token; with
    /// `push: true`, also that it may change records. A member's token is refused here, so
    /// every endpoint is staff-only unless it says otherwise; with `members: true` (the apps'
    /// reads) a member is let through too.
    func requireGrant(push: Bool = false, members: Bool = false) throws -> AccessGrant {
        guard let grant else { throw StoreHTTPError.unauthorized }
        if grant.isMember && !members {
            throw StoreHTTPError.forbidden("a member's token reaches only the member endpoints")
        }
        if push && !grant.canPush {
            throw StoreHTTPError.forbidden("the \(grant.roleName) role cannot change records")
        }
        return grant
    }
}

extension StoreRequestContext {
    /// The member a member endpoint acts for; staff and API tokens are refused (403): these
    /// endpoints speak for one app user ("my submissions").
    func requireMember() throws -> (grant: AccessGrant, id: String, email: String) {
        guard let grant else { throw StoreHTTPError.unauthorized }
        guard case .member(let id, let email, _, _) = grant.bearer else {
            throw StoreHTTPError.forbidden("this endpoint is for the app's members; sign in as a member")
        }
        return (grant, id, email)
    }
}
