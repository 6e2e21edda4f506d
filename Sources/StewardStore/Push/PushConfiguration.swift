import Foundation

/// How the store reaches members' devices: the keys it signs with for each push service, and
/// whether endpoints inside its own network are allowed.
public struct PushConfiguration: Sendable {
    /// Web Push's application server key (VAPID) and the contact it names; nil: no Web Push.
    public var vapid: VAPIDIdentity?
    /// Loopback, private and link-local endpoints, and plain http: for tests and closed
    /// networks only (`--allow-private-push-endpoints`).
    public var allowPrivateEndpoints: Bool
    /// Apple's key and the app it sends for; nil: no APNs.
    public var apns: APNsSender.Configuration?
    /// The Firebase project's service account and where FCM is; nil: no FCM.
    public var fcm: (account: FCMServiceAccount, endpoint: String)?

    public init(vapid: VAPIDIdentity? = nil, allowPrivateEndpoints: Bool = false, apns: APNsSender.Configuration? = nil,
                fcm: (account: FCMServiceAccount, endpoint: String)? = nil) {
        self.vapid = vapid
        self.allowPrivateEndpoints = allowPrivateEndpoints
        self.apns = apns
        self.fcm = fcm
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
