import Foundation
import Hummingbird
import StewardCore

/// `GET /v1/orgs/{org}/push/web-push-key`: the store's VAPID public key, which a browser or
/// UnifiedPush app passes to `subscribe` as its application server key. No token: the key is
/// public, and the app needs it before the member has signed in. 404 when the store sends no
/// Web Push (it runs without `--vapid-key-file`) or has no such organization.
struct WebPushKeyController {
    let repository: any StoreRepository
    let vapid: VAPIDIdentity?

    func addRoutes(to group: RouterGroup<StoreRequestContext>) {
        group.get("push/web-push-key", use: key)
    }

    @Sendable func key(request: Request, context: StoreRequestContext) async throws -> Response {
        let org = try context.parameters.require("org")
        guard try await repository.org(slug: org) != nil else { throw StoreHTTPError.notFound("no organization '\(org)'") }
        guard let vapid else {
            throw StoreHTTPError.notFound("this store does not send Web Push (it runs without --vapid-key-file)")
        }
        var response = try JSONTextBody(.object(["publicKey": .string(vapid.key.publicKeyBase64URL)]))
            .response(from: request, context: context)
        response.headers[.cacheControl] = "public, max-age=3600"
        return response
    }
}
