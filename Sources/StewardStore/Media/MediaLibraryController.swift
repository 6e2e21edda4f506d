import Foundation
import Hummingbird
import StewardCore
import StewardMedia

/// The organization's media library, for staff:
/// - `GET /v1/orgs/{org}/media`: the items not removed, newest first (`{"items": [...]}`);
/// - `GET /v1/orgs/{org}/media/usage`: bytes used and the limits;
/// - `GET /v1/orgs/{org}/media/{id}`: one item, removed ones included (without addresses);
/// - `DELETE /v1/orgs/{org}/media/{id}`: removes it; its addresses answer 404 from then on.
struct MediaLibraryController {
    let repository: any StoreRepository
    let media: MediaConfiguration

    struct Listing: Encodable, Sendable {
        var items: [MediaView]
    }

    func addRoutes(to group: RouterGroup<StoreRequestContext>) {
        group.get("media", use: list)
        group.get("media/usage", use: usage)
        group.get("media/{id}", use: show)
        group.delete("media/{id}", use: remove)
    }

    @Sendable func list(request: Request, context: StoreRequestContext) async throws -> Response {
        let grant = try context.requireGrant()
        var views: [MediaView] = []
        for item in try await repository.mediaItems(org: grant.org) {
            let files = item.state == .ready ? try await repository.mediaFiles(org: grant.org, id: item.id) : []
            views.append(MediaView(item, files: files))
        }
        var response = try JSONBody(Listing(items: views)).response(from: request, context: context)
        response.headers[.cacheControl] = "no-store"
        return response
    }

    @Sendable func usage(request: Request, context: StoreRequestContext) async throws -> Response {
        let grant = try context.requireGrant()
        let used = try await repository.mediaUsage(org: grant.org)
        var response = try JSONBody(MediaUsageView(usedBytes: used, limits: media.limits,
                                                   acceptedTypes: MediaType.accepted.map(\.contentType)))
            .response(from: request, context: context)
        response.headers[.cacheControl] = "no-store"
        return response
    }

    @Sendable func show(request: Request, context: StoreRequestContext) async throws -> Response {
        let grant = try context.requireGrant()
        let item = try await item(org: grant.org, context: context)
        let files = item.state == .ready ? try await repository.mediaFiles(org: grant.org, id: item.id) : []
        return try MediaResponses.item(item, files: files, status: .ok, request: request, context: context)
    }

    @Sendable func remove(request: Request, context: StoreRequestContext) async throws -> Response {
        let grant = try context.requireGrant(push: true)
        let item = try await item(org: grant.org, context: context)
        // The row first: from this moment the addresses answer 404, whatever the deletion of the
        // bytes below meets.
        _ = try await repository.removeMedia(org: grant.org, id: item.id, now: Date())
        try await media.storage.removeAll(prefix: "\(grant.org)/\(item.id)")
        return Response(status: .noContent)
    }

    private func item(org: String, context: StoreRequestContext) async throws -> MediaItem {
        let id = (context.parameters.get("id") ?? "").lowercased()
        guard let item = try await repository.mediaItem(org: org, id: id) else {
            throw StoreHTTPError.notFound("no media with this id in this organization")
        }
        return item
    }
}
