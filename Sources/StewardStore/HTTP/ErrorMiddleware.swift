import Foundation
import Hummingbird
import Logging
import NIOHTTP1
import StewardCore

/// The outermost middleware: whatever a handler throws, the client gets the protocol's JSON
/// error with a stable code, and a fault of ours is logged with its details (which the client
/// does not see). A bad request must never surface as a 5xx or a dropped connection.
struct ErrorMiddleware: RouterMiddleware {
    typealias Context = StoreRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let error: any Error
        do {
            return try await next(request, context)
        } catch let caught {
            error = caught
        }
        let answer = Self.translate(error)
        if answer.status.code >= 500 {
            context.logger.error("request failed", metadata: [
                "method": "\(request.method)", "path": "\(request.uri.path)", "error": "\(error)",
            ])
        } else {
            context.logger.info("request refused", metadata: [
                "method": "\(request.method)", "path": "\(request.uri.path)", "status": "\(answer.status.code)",
                "code": "\(answer.body.error)",
            ])
        }
        var response = try answer.response(from: request, context: context)
        if error is HTTPParserError {
            // The bytes after a framing error cannot be read as a next request.
            response.headers[.connection] = "close"
        }
        return response
    }

    static func translate(_ error: any Error) -> StoreHTTPError {
        switch error {
        case let error as StoreHTTPError:
            return error
        case let error as StoreFailure:
            switch error {
            case .resyncRequired: return .resyncRequired
            // Authorization already matched the path to the token's organization, so an
            // unknown one here was removed under us: answer as for a foreign organization.
            case .unknownOrg: return .forbidden("this token cannot act on that organization")
            case .orgExists, .staffExists, .unknownToken: return .badRequest(error.description)
            case .unavailable: return .unavailable()
            case .clientIdInUse: return StoreHTTPError(.conflict, ErrorResponse.Code.clientIdInUse, error.description)
            case .emailTaken: return .emailTaken
            }
        case let error as ObjectStoreError:
            // The media storage's object store refused or was out of reach: say which, and what
            // it answered, so whoever runs the store can fix it (the keys are never in it).
            return .unavailable(error.description)
        case let error as Hummingbird.HTTPError:
            // Hummingbird's own answers (the router's 404 above all), in our shape.
            switch error.status {
            case .notFound: return .notFound()
            case .contentTooLarge: return StoreHTTPError(.contentTooLarge, ErrorResponse.Code.tooLarge, error.body ?? "the request body is too large")
            case .unauthorized: return .unauthorized
            case .forbidden: return .forbidden(error.body ?? "forbidden")
            case let status where status.code < 500:
                return StoreHTTPError(status, ErrorResponse.Code.badRequest, error.body ?? status.reasonPhrase)
            default:
                return .unavailable()
            }
        case let error as HTTPParserError:
            // The body's framing broke while it was read (a chunk size that is not hex, or too
            // large): the client's fault, never the store's.
            return .badRequest("body: not valid HTTP/1.1 framing (\(error)); send a Content-Length or well-formed chunks")
        case is CancellationError:
            return .unavailable("the store is shutting down; try again later")
        default:
            // A database fault (SQLite busy past the timeout, I/O) or a bug: the client should
            // retry later rather than treat its batch as wrong.
            return .unavailable()
        }
    }
}
