import Foundation
import Hummingbird
import StewardCore

/// An error answer in the protocol's shape: a status and a JSON `ErrorResponse` with a stable
/// code. Thrown anywhere in a handler or middleware; `ErrorMiddleware` makes sure nothing
/// else ever reaches a client.
public struct StoreHTTPError: HTTPResponseError, Sendable, CustomStringConvertible {
    public var status: HTTPResponse.Status
    public var body: ErrorResponse
    /// Headers the answer carries besides the body's (a refused upload chunk's `Upload-Offset`).
    public var headers: HTTPFields = [:]

    public init(_ status: HTTPResponse.Status, _ code: String, _ message: String, lastMutationId: Int64? = nil,
                retryAfter: Int? = nil) {
        self.status = status
        self.body = ErrorResponse(error: code, message: message, lastMutationId: lastMutationId, retryAfter: retryAfter)
    }

    public var description: String { "\(status.code) \(body.error): \(body.message)" }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var response = try JSONBody(body).response(from: request, context: context)
        response.status = status
        if status == .unauthorized {
            // RFC 6750: say which scheme the store expects.
            response.headers[.wwwAuthenticate] = "Bearer"
        }
        if let retryAfter = body.retryAfter {
            response.headers[.retryAfter] = String(retryAfter)
        }
        for field in headers { response.headers[field.name] = field.value }
        return response
    }

    public static func badRequest(_ message: String) -> Self {
        Self(.badRequest, ErrorResponse.Code.badRequest, message)
    }

    public static let unauthorized = Self(.unauthorized, ErrorResponse.Code.unauthorized,
                                          "a valid bearer token is required")

    /// The access token was good but its time is up: the console refreshes on exactly this code.
    public static let tokenExpired = Self(.unauthorized, ErrorResponse.Code.tokenExpired,
                                          "the access token has expired; refresh it and try again")

    /// One answer for a wrong password, an email nobody has and another organization's staff, so
    /// the answer does not tell which emails are on staff.
    public static let wrongCredentials = Self(.unauthorized, ErrorResponse.Code.wrongCredentials,
                                              "the email or password is wrong")

    public static func tooManyAttempts(retryAfter: Int, message: String? = nil) -> Self {
        Self(.tooManyRequests, ErrorResponse.Code.tooManyAttempts,
             message ?? "too many failed sign-ins for this email; wait \(retryAfter) seconds and try again",
             retryAfter: retryAfter)
    }

    public static func forbidden(_ message: String) -> Self {
        Self(.forbidden, ErrorResponse.Code.forbidden, message)
    }

    public static func notFound(_ message: String = "no such endpoint") -> Self {
        Self(.notFound, ErrorResponse.Code.notFound, message)
    }

    public static func mutationGap(lastMutationId: Int64) -> Self {
        Self(.conflict, ErrorResponse.Code.mutationGap,
             "mutation ids must continue after \(lastMutationId)", lastMutationId: lastMutationId)
    }

    /// A push whose `storeId` names another store than this one.
    public static let storeChanged = Self(.conflict, ErrorResponse.Code.storeChanged,
                                          "this push was made for another store (storeId); pull from the start, then push again")

    public static let resyncRequired = Self(.gone, ErrorResponse.Code.resyncRequired,
                                            StoreFailure.resyncRequired.description)

    public static func tooLarge(limit: Int) -> Self {
        Self(.contentTooLarge, ErrorResponse.Code.tooLarge, "the request body is larger than \(limit) bytes")
    }

    /// Registering with an email the organization already has: one message, whoever asks.
    public static let emailTaken = Self(.conflict, ErrorResponse.Code.emailTaken,
                                        "an account with this email already exists; sign in instead")

    /// Staff disabled the member's account.
    public static let accountDisabled = Self(.forbidden, ErrorResponse.Code.accountDisabled,
                                             "this account has been disabled by the organization")

    /// A member's submissions or registrations came too fast.
    public static func tooManyRequests(retryAfter: Int, message: String) -> Self {
        Self(.tooManyRequests, ErrorResponse.Code.tooManyRequests, message, retryAfter: retryAfter)
    }

    public static func unavailable(_ message: String = "the store cannot answer right now; try again later") -> Self {
        Self(.serviceUnavailable, ErrorResponse.Code.unavailable, message)
    }
}
