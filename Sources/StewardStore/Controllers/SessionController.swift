import Foundation
import Hummingbird
import Logging
import StewardCore

/// Staff sessions: `POST /v1/orgs/{org}/session` signs in and `POST …/session/refresh` swaps a
/// refresh token for a new pair (neither takes a bearer token); `DELETE …/session`, with the
/// access token, signs out.
struct SessionController {
    let sessions: StaffSessions
    /// See `StoreConfiguration.trustForwardedFor`.
    let trustForwardedFor: Bool
    /// Sign-in and refresh bodies are a few hundred bytes; anything near this is not one.
    let bodyReader = RequestBodyReader(limit: 16 * 1024)

    /// Routes on a group without `BearerAuthMiddleware`.
    func addOpenRoutes(to group: RouterGroup<StoreRequestContext>) {
        group.post("session", use: signIn)
        group.post("session/refresh", use: refresh)
    }

    /// Routes on the group guarded by `BearerAuthMiddleware`.
    func addSignedInRoutes(to group: RouterGroup<StoreRequestContext>) {
        group.delete("session", use: signOut)
    }

    @Sendable func signIn(request: Request, context: StoreRequestContext) async throws -> Response {
        let org = try Self.org(context)
        let body = try JSONInput.decode(SignInRequest.self, from: try await bodyReader.read(request))
        let email: String
        do {
            email = try StaffCredentialRules.normalizedEmail(body.email)
        } catch {
            throw StoreHTTPError.badRequest("email: \(error.message)")
        }
        guard body.password.utf8.count <= StaffCredentialRules.maxPasswordLength else {
            throw StoreHTTPError.badRequest("password: must be at most \(StaffCredentialRules.maxPasswordLength) bytes long")
        }
        let source = ClientAddress.of(request, peer: context.peerAddress, trustForwardedFor: trustForwardedFor)
        let attempt = SignInAttempt(org: org, email: email, source: source, at: Date())
        switch try await sessions.signIn(attempt, password: body.password) {
        case .signedIn(let tokens):
            context.logger.info("signed in", metadata: ["org": "\(org)", "email": "\(email)", "role": "\(tokens.role.rawValue)"])
            return try Self.tokensResponse(tokens, request: request, context: context)
        case .wrongCredentials:
            context.logger.notice("sign-in failed", metadata: ["org": "\(org)", "email": "\(email)", "source": "\(source)"])
            throw StoreHTTPError.wrongCredentials
        case .throttled(let retryAfter):
            throw StoreHTTPError.tooManyAttempts(retryAfter: retryAfter)
        case .sourceThrottled(let retryAfter):
            context.logger.notice("sign-ins throttled for a source", metadata: ["source": "\(source)"])
            throw StoreHTTPError.tooManyAttempts(
                retryAfter: retryAfter,
                message: "too many failed sign-ins from this address; wait \(retryAfter) seconds and try again")
        case .busy:
            context.logger.warning("sign-in refused: too many waiting for their password check")
            throw StoreHTTPError.tooManyAttempts(
                retryAfter: 1, message: "the store is checking too many sign-ins right now; try again in a moment")
        }
    }

    @Sendable func refresh(request: Request, context: StoreRequestContext) async throws -> Response {
        let org = try Self.org(context)
        let body = try JSONInput.decode(RefreshRequest.self, from: try await bodyReader.read(request))
        switch try await sessions.refresh(org: org, refreshToken: body.refreshToken, now: Date()) {
        case .refreshed(let tokens):
            return try Self.tokensResponse(tokens, request: request, context: context)
        case .retried(let tokens):
            // The console lost the answer to its refresh and asked again: normal on a bad
            // network, worth a line in the log if it happens a lot.
            context.logger.info("a refresh was repeated within the grace window; the pair it gave first is withdrawn",
                                metadata: ["org": "\(org)", "email": "\(tokens.email)"])
            return try Self.tokensResponse(tokens, request: request, context: context)
        case .reused:
            context.logger.warning("a used refresh token came back; its session is ended", metadata: ["org": "\(org)"])
            throw StoreHTTPError(.unauthorized, ErrorResponse.Code.unauthorized,
                                 "this refresh token was already used, so its session has been ended; sign in again")
        case .refused:
            throw StoreHTTPError(.unauthorized, ErrorResponse.Code.unauthorized,
                                 "the refresh token is unknown, expired or signed out; sign in again")
        }
    }

    @Sendable func signOut(request: Request, context: StoreRequestContext) async throws -> Response {
        let grant = try context.requireGrant()
        guard let session = grant.sessionId else {
            throw StoreHTTPError.forbidden("an API token has no session to sign out of; it stays valid until it is removed from the store")
        }
        try await sessions.signOut(sessionId: session, now: Date())
        context.logger.info("signed out", metadata: ["email": "\(grant.author)"])
        return Response(status: .noContent)
    }

    static func org(_ context: StoreRequestContext) throws -> String {
        let org = context.parameters.get("org") ?? ""
        guard OrgSlug.isValid(org) else {
            throw StoreHTTPError.badRequest("org: must be 2 to 40 lower-case letters, digits or dashes, starting with a letter or digit")
        }
        return org
    }

    /// Tokens must not be kept by caches on the way (RFC 6749 §5.1).
    static func tokensResponse(_ tokens: some Encodable & Sendable, request: Request, context: StoreRequestContext) throws -> Response {
        var response = try JSONBody(tokens).response(from: request, context: context)
        response.headers[.cacheControl] = "no-store"
        return response
    }
}
