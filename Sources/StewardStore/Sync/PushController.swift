import Foundation
import Hummingbird
import Logging
import StewardCore

/// POST /v1/orgs/{org}/push: applies a client's batch of mutations exactly once.
struct PushController {
    let repository: any StoreRepository
    let bodyReader: RequestBodyReader

    func addRoutes(to group: RouterGroup<StoreRequestContext>) {
        group.post("push", use: push)
    }

    @Sendable func push(request: Request, context: StoreRequestContext) async throws -> JSONTextBody {
        let grant = try context.requireGrant(push: true)
        let data = try await bodyReader.read(request)
        let pushRequest = try JSONInput.pushRequest(from: data)
        if let expected = pushRequest.storeId, let org = try await repository.org(slug: grant.org),
           expected != org.storeId {
            // Its base versions are another store's: comparing them with ours would reject
            // every edit as unknown, or worse, match a version that means another record here.
            throw StoreHTTPError.storeChanged
        }
        var batch: PushBatch
        do {
            batch = try PushBatch(pushRequest)
            batch.permissions = grant.permissions
        } catch {
            throw StoreHTTPError.badRequest(error.message)
        }
        switch try await repository.push(org: grant.org, batch: batch, author: grant.author, owner: grant.owner,
                                             now: Date()) {
        case .completed(let response):
            context.logger.info("push", metadata: [
                "client": "\(batch.clientId)", "mutations": "\(batch.items.count)",
                "applied": "\(response.results.filter { $0.status == .applied }.count)",
                "lastMutationId": "\(response.lastMutationId)",
            ])
            return JSONTextBody(response.json)
        case .gap(let last):
            throw StoreHTTPError.mutationGap(lastMutationId: last)
        }
    }
}
