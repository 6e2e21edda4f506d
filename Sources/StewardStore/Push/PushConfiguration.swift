import Foundation

/// How the store reaches members' devices: the keys it signs with for each push service, and
/// whether endpoints inside its own network are allowed.
public struct PushConfiguration: Sendable {
    /// Web Push's application server key (VAPID) and the contact it names; nil: no Web Push.
    public var vapid: VAPIDIdentity?
    /// Loopback, private and link-local endpoints, and plain http: for tests and closed
    /// networks only (`--allow-private-push-endpoints`).
    public var allowPrivateEndpoints: Bool

    public init(vapid: VAPIDIdentity? = nil, allowPrivateEndpoints: Bool = false) {
        self.vapid = vapid
        self.allowPrivateEndpoints = allowPrivateEndpoints
    }
}

/// The store's VAPID key and the `sub` of its tokens: a mailto: or https: address where a push
/// service can reach the office running it.
public struct VAPIDIdentity: Sendable {
    public var key: VAPIDKey
    public var subject: String

    public init(key: VAPIDKey, subject: String) {
        self.key = key
        self.subject = subject
    }
}
