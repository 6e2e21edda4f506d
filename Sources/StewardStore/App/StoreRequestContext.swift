import Hummingbird

/// The per-request context: Hummingbird's core storage plus who the bearer token speaks for,
/// set by `BearerAuthMiddleware` for the /v1 routes, and the peer's address.
public struct StoreRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    public var grant: AccessGrant?
    /// The address of the connection's other end (a proxy's, behind one); nil when unknown
    /// (tests, Unix sockets).
    public var peerAddress: String?
    /// The organization's row as `ModuleGateMiddleware` read it for the read cache, so the
    /// handler behind it does not read it again (its change counter versions the answers).
    public var organization: OrgInfo?

    public init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.grant = nil
        self.peerAddress = source.channel.remoteAddress?.ipAddress
        self.organization = nil
    }
}
