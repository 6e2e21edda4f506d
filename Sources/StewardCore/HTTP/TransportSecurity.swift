import Foundation

/// How a store may be reached, as the person chose it when connecting: kept with the remote so
/// that every later request (background sync included) honours the same choice.
public struct TransportSecurity: Hashable, Sendable {
    /// Plain `http://` to a computer other than this one may carry passwords and tokens. Off by
    /// default: over plain HTTP anyone on the network path can read them.
    public var allowInsecure: Bool
    /// A PEM file of CA certificates that the store's certificate must chain to, in place of the
    /// system's: for an organization that runs its own certificate authority. The certificate
    /// and its host name are checked either way.
    public var caFile: String?

    public init(allowInsecure: Bool = false, caFile: String? = nil) {
        self.allowInsecure = allowInsecure
        self.caFile = caFile
    }
}
