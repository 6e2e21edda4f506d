import Foundation
import Hummingbird
import StewardCore

/// An error answer in the protocol's shape: a status and a JSON `ErrorResponse` with a stable
/// code. Thrown anywhere in a handler or middleware; `ErrorMiddleware` makes sure nothing
/// else ever reaches a client.
public struct StoreHTTPError: HTTPResponseError, Sendable, CustomStringConvertible {
    public var status: HTTPResponse.Status
    public var body: ErrorResponse

    public init(_ status: HTTPResponse.Status, _ code: String, _ message: String, lastMutationId: Int64? = nil) {
        self.status = status
        self.body = ErrorResponse(error: code, message: message, lastMutationId: lastMutationId)
    }

    public var description: String { "\(status.code) \(body.error): \(body.message)" }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var response = try JSONBody(body).response(from: request, context: context)
        response.status = status
        if status == .unauthorized {
            // RFC 6750: say which scheme the store expects.
            response.headers[.wwwAuthenticate] = "Bearer"
        }
        return response
    }

    public static func badRequest(_ message: String) -> Self {
        Self(.badRequest, ErrorResponse.Code.badRequest, message)
    }

    public static let unauthorized = Self(.unauthorized, ErrorResponse.Code.unauthorized,
                                          "a valid bearer token is required")

    public static func forbidden(_ message: String) -> Self {
        Self(.forbidden, ErrorResponse.Code.forbidden, message)
    }

    public static func notFound(_ message: String = "no such endpoint") -> Self {
        Self(.notFound, ErrorResponse.Code.notFound, message)
    }

    public static func mutationGap(lastMutationId: Int64) -> Self {
        Self(.conflict, ErrorResponse.Code.mutationGap,
             "mutation ids must continue from \(lastMutationId + 1)", lastMutationId: lastMutationId)
    }

    public static let resyncRequired = Self(.gone, ErrorResponse.Code.resyncRequired,
                                            StoreFailure.resyncRequired.description)

    public static func tooLarge(limit: Int) -> Self {
        Self(.contentTooLarge, ErrorResponse.Code.tooLarge, "the request body is larger than \(limit) bytes")
    }

    public static func unavailable(_ message: String = "the store cannot answer right now; try again later") -> Self {
        Self(.serviceUnavailable, ErrorResponse.Code.unavailable, message)
    }
}
