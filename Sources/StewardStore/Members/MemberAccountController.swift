import Foundation
import Hummingbird
import Logging
import StewardCore

/// App members' accounts: `POST /v1/orgs/{org}/members` registers, `POST …/members/session`
/// signs in and `POST …/members/session/refresh` renews (no bearer token for these);
/// `DELETE …/members/session`, with the member's access token, signs out.
struct MemberAccountController {
    let members: MemberSessions
    /// See `StoreConfiguration.trustForwardedFor`.
    let trustForwardedFor: Bool
    /// Registration and sign-in bodies are a few hundred bytes; anything near this is not one.
    let bodyReader = RequestBodyReader(limit: 16 * 1024)

    func addOpenRoutes(to group: RouterGroup<StoreRequestContext>) {
        group.post("members", use: register)
        group.post("members/session", use: signIn)
        group.post("members/session/refresh", use: refresh)
    }

    func addSignedInRoutes(to group: RouterGroup<StoreRequestContext>) {
        group.delete("members/session", use: signOut)
    }

    @Sendable func register(request: Request, context: StoreRequestContext) async throws -> Response {
        let org = try SignInHTTP.org(context)
        let body = try JSONInput.decode(RegisterMemberRequest.self, from: try await bodyReader.read(request))
        let email = try SignInHTTP.email(body.email)
        do {
            try StaffCredentialRules.checkNewPassword(body.password)
        } catch {
            throw StoreHTTPError.badRequest("password: \(error.message)")
        }
        let name = body.displayName.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty, name.count <= MemberRules.maxDisplayNameLength, !name.contains(where: \.isNewline),
              !name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            throw StoreHTTPError.badRequest("displayName: must be 1 to \(MemberRules.maxDisplayNameLength) characters on one line")
        }
        guard let audience = MemberAudience(rawValue: body.audience) else {
            throw StoreHTTPError.badRequest("audience: must be one of \(MemberAudience.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard try await members.repository.org(slug: org) != nil else {
            throw StoreHTTPError.notFound("no organization '\(org)'")
        }
        let source = ClientAddress.of(request, peer: context.peerAddress, trustForwardedFor: trustForwardedFor)
        switch try await members.register(org: org, email: email, password: body.password, displayName: name,
                                          audience: audience, source: source) {
        case .registered(let profile):
            context.logger.info("member registered", metadata: ["org": "\(org)", "member": "\(profile.id)"])
            return try JSONBody(profile, status: .created).response(from: request, context: context)
        case .emailTaken:
            throw StoreHTTPError.emailTaken
        case .throttled(let wait):
            throw StoreHTTPError.tooManyRequests(retryAfter: wait, message: "too many registrations from this address; wait \(wait) seconds and try again")
        case .busy:
            throw StoreHTTPError.tooManyRequests(retryAfter: 1, message: "the store is busy; try again in a moment")
        }
    }

    @Sendable func signIn(request: Request, context: StoreRequestContext) async throws -> Response {
        let (org, email, password) = try await SignInHTTP.signIn(request, context: context, reader: bodyReader)
        let source = ClientAddress.of(request, peer: context.peerAddress, trustForwardedFor: trustForwardedFor)
        switch try await members.signIn(org: org, email: email, password: password, source: source) {
        case .signedIn(let tokens):
            return try SignInHTTP.tokensResponse(tokens, request: request, context: context)
        case .disabled:
            throw StoreHTTPError.accountDisabled
        case .refused(let outcome):
            if case .wrongCredentials = outcome {
                context.logger.notice("member sign-in failed", metadata: ["org": "\(org)", "source": "\(source)"])
            }
            throw SignInHTTP.refusal(outcome) ?? StoreHTTPError.wrongCredentials
        }
    }

    @Sendable func refresh(request: Request, context: StoreRequestContext) async throws -> Response {
        let (org, refreshToken) = try await SignInHTTP.refresh(request, context: context, reader: bodyReader)
        switch try await members.refresh(org: org, refreshToken: refreshToken, now: Date()) {
        case .refreshed(let tokens):
            return try SignInHTTP.tokensResponse(tokens, request: request, context: context)
        case .reused:
            throw SignInHTTP.refreshTokenReused
        case .refused:
            throw SignInHTTP.refreshTokenRefused
        }
    }

    @Sendable func signOut(request: Request, context: StoreRequestContext) async throws -> Response {
        let member = try context.requireMember()
        guard let session = member.grant.sessionId else { throw StoreHTTPError.unauthorized }
        try await members.sessions.signOut(sessionId: session, now: Date())
        return Response(status: .noContent)
    }
}
