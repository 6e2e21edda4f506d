import Foundation
import Hummingbird
import StewardCore

/// What staff and member sign-ins share on the wire: the organization in the path, the email
/// and password checks, the answers a refused sign-in or refresh gets, and how tokens are sent.
/// One place, so the two kinds of account answer alike.
enum SignInHTTP {
    static func org(_ context: StoreRequestContext) throws -> String {
        let org = context.parameters.get("org") ?? ""
        guard OrgSlug.isValid(org) else {
            throw StoreHTTPError.badRequest("org: must be 2 to 40 lower-case letters, digits or dashes, starting with a letter or digit")
        }
        return org
    }

    /// A sign-in's organization, normalized email and password, or a 400 naming what is wrong.
    static func signIn(_ request: Request, context: StoreRequestContext,
                       reader: RequestBodyReader) async throws -> (org: String, email: String, password: String) {
        let org = try org(context)
        let body = try JSONInput.decode(SignInRequest.self, from: try await reader.read(request))
        let email = try email(body.email)
        try checkLength(ofPassword: body.password)
        return (org, email, body.password)
    }

    /// A refresh's organization and refresh token.
    static func refresh(_ request: Request, context: StoreRequestContext,
                        reader: RequestBodyReader) async throws -> (org: String, refreshToken: String) {
        let org = try org(context)
        let body = try JSONInput.decode(RefreshRequest.self, from: try await reader.read(request))
        return (org, body.refreshToken)
    }

    /// The email, normalized, or a 400 naming it.
    static func email(_ text: String) throws -> String {
        do {
            return try StaffCredentialRules.normalizedEmail(text)
        } catch {
            throw StoreHTTPError.badRequest("email: \(error.message)")
        }
    }

    /// A password too long to be anyone's is refused before it is hashed.
    static func checkLength(ofPassword password: String) throws {
        guard password.utf8.count <= StaffCredentialRules.maxPasswordLength else {
            throw StoreHTTPError.badRequest("password: must be at most \(StaffCredentialRules.maxPasswordLength) bytes long")
        }
    }

    /// The answer to a sign-in that was not let in; nil for one that was.
    static func refusal(_ outcome: StaffSessions.SignInOutcome) -> StoreHTTPError? {
        switch outcome {
        case .signedIn:
            nil
        case .wrongCredentials:
            StoreHTTPError.wrongCredentials
        case .throttled(let wait):
            StoreHTTPError.tooManyAttempts(retryAfter: wait)
        case .sourceThrottled(let wait):
            StoreHTTPError.tooManyAttempts(
                retryAfter: wait, message: "too many failed sign-ins from this address; wait \(wait) seconds and try again")
        case .busy:
            StoreHTTPError.tooManyAttempts(
                retryAfter: 1, message: "the store is checking too many sign-ins right now; try again in a moment")
        }
    }

    /// A refresh token that was already used: its session has been ended.
    static let refreshTokenReused = StoreHTTPError(
        .unauthorized, ErrorResponse.Code.unauthorized,
        "this refresh token was already used, so its session has been ended; sign in again")

    static let refreshTokenRefused = StoreHTTPError(
        .unauthorized, ErrorResponse.Code.unauthorized,
        "the refresh token is unknown, expired or signed out; sign in again")

    /// Tokens must not be kept by caches on the way (RFC 6749 §5.1).
    static func tokensResponse(_ tokens: some Encodable & Sendable, request: Request, context: StoreRequestContext) throws -> Response {
        var response = try JSONBody(tokens).response(from: request, context: context)
        response.headers[.cacheControl] = "no-store"
        return response
    }
}
