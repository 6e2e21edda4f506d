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
        let (org, email, password) = try await SignInHTTP.signIn(request, context: context, reader: bodyReader)
        let source = ClientAddress.of(request, peer: context.peerAddress, trustForwardedFor: trustForwardedFor)
        let attempt = SignInAttempt(org: org, email: email, source: source, at: Date())
        let outcome = try await sessions.signIn(attempt, password: password)
        switch outcome {
        case .signedIn(let tokens):
            context.logger.info("signed in", metadata: ["org": "\(org)", "email": "\(email)", "role": "\(tokens.role.rawValue)"])
            return try SignInHTTP.tokensResponse(tokens, request: request, context: context)
        case .wrongCredentials:
            context.logger.notice("sign-in failed", metadata: ["org": "\(org)", "email": "\(email)", "source": "\(source)"])
        case .sourceThrottled:
            context.logger.notice("sign-ins throttled for a source", metadata: ["source": "\(source)"])
        case .busy:
            context.logger.warning("sign-in refused: too many waiting for their password check")
        case .throttled:
            break
        }
        throw SignInHTTP.refusal(outcome) ?? StoreHTTPError.wrongCredentials
    }

    @Sendable func refresh(request: Request, context: StoreRequestContext) async throws -> Response {
        let (org, refreshToken) = try await SignInHTTP.refresh(request, context: context, reader: bodyReader)
        switch try await sessions.refresh(org: org, refreshToken: refreshToken, now: Date()) {
        case .refreshed(let tokens):
            return try SignInHTTP.tokensResponse(tokens, request: request, context: context)
        case .retried(let tokens):
            // The console lost the answer to its refresh and asked again: normal on a bad
            // network, worth a line in the log if it happens a lot.
            context.logger.info("a refresh was repeated within the grace window; the pair it gave first is withdrawn",
                                metadata: ["org": "\(org)", "email": "\(tokens.email)"])
            return try SignInHTTP.tokensResponse(tokens, request: request, context: context)
        case .reused:
            context.logger.warning("a used refresh token came back; its session is ended", metadata: ["org": "\(org)"])
            throw SignInHTTP.refreshTokenReused
        case .refused:
            throw SignInHTTP.refreshTokenRefused
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
}

/// `POST /v1/session`: a staff member signs in to every organization of the store where their
/// email and password are on staff (see `StaffSessions.signInToEveryOrganization`). No bearer
/// token; refused answers are the per-organization sign-in's.
struct AccountSessionController {
    let sessions: StaffSessions
    /// See `StoreConfiguration.trustForwardedFor`.
    let trustForwardedFor: Bool
    let bodyReader = RequestBodyReader(limit: 16 * 1024)

    func addRoutes(to group: RouterGroup<StoreRequestContext>) {
        group.post("session", use: signIn)
    }

    @Sendable func signIn(request: Request, context: StoreRequestContext) async throws -> Response {
        let body = try JSONInput.decode(SignInRequest.self, from: try await bodyReader.read(request))
        let email = try SignInHTTP.email(body.email)
        try SignInHTTP.checkLength(ofPassword: body.password)
        let source = ClientAddress.of(request, peer: context.peerAddress, trustForwardedFor: trustForwardedFor)
        switch try await sessions.signInToEveryOrganization(email: email, source: source, password: body.password, at: Date()) {
        case .signedIn(let organizations):
            context.logger.info("signed in to every organization of the account", metadata: [
                "orgs": "\(organizations.map(\.org).joined(separator: ","))", "email": "\(email)"])
            return try SignInHTTP.tokensResponse(AccountSessions(organizations: organizations), request: request, context: context)
        case .refused(let outcome):
            if outcome == .wrongCredentials {
                context.logger.notice("sign-in without an organization failed", metadata: ["email": "\(email)", "source": "\(source)"])
            }
            throw SignInHTTP.refusal(outcome) ?? StoreHTTPError.wrongCredentials
        }
    }
}
