import Foundation
import Hummingbird

/// The staff endpoints' JSON answers for media.
enum MediaResponses {
    static func item(_ item: MediaItem, files: [MediaFile], status: HTTPResponse.Status, request: Request,
                     context: some RequestContext) throws -> Response {
        var response = try JSONBody(MediaView(item, files: files), status: status).response(from: request, context: context)
        response.headers[.cacheControl] = "no-store"
        return response
    }
}
