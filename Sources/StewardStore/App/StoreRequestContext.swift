import Hummingbird

/// The per-request context: Hummingbird's core storage plus who the bearer token speaks for,
/// set by `BearerAuthMiddleware` for the /v1 routes.
public struct StoreRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    public var grant: AccessGrant?

    public init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.grant = nil
    }
}
