import Hummingbird
import Logging

/// GET /health: for load balancers and the tests' readiness checks. No token: it reveals only
/// whether the database answers.
struct HealthController {
    let repository: any StoreRepository

    struct Status: Encodable, Sendable {
        var status = "ok"
    }

    func addRoutes(to router: Router<StoreRequestContext>) {
        router.get("health", use: health)
    }

    @Sendable func health(request: Request, context: StoreRequestContext) async throws -> JSONBody<Status> {
        do {
            try await repository.checkHealth()
        } catch {
            context.logger.error("health check failed", metadata: ["error": "\(error)"])
            throw StoreHTTPError.unavailable("the database does not answer")
        }
        return JSONBody(Status())
    }
}
