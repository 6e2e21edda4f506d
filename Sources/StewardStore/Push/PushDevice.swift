import Foundation

/// How a member's device is reached: the push service that delivers to it.
public enum PushPlatform: String, Sendable, CaseIterable, Codable {
    /// Web Push (RFC 8030): browsers and UnifiedPush distributors; an endpoint URL and keys.
    case webpush
    /// Apple Push Notification service: a hex device token.
    case apns
    /// Firebase Cloud Messaging (HTTP v1): a registration token.
    case fcm
}

/// A device a member registered to receive the organization's notifications
/// (`POST /v1/orgs/{org}/me/devices`). One address (endpoint or token) is one device of the
/// organization: registering it again, as another member on the same phone, moves it.
public struct PushDevice: Sendable, Hashable {
    public var id: String
    public var org: String
    public var memberId: String
    public var platform: PushPlatform
    /// Web Push: the subscription's endpoint URL; APNs and FCM: the device's token.
    public var address: String
    /// Web Push only: the subscription's P-256 public key and auth secret, base64url.
    public var p256dh: String?
    public var auth: String?
    public var createdAt: Date

    public init(id: String, org: String, memberId: String, platform: PushPlatform, address: String,
                p256dh: String? = nil, auth: String? = nil, createdAt: Date) {
        self.id = id
        self.org = org
        self.memberId = memberId
        self.platform = platform
        self.address = address
        self.p256dh = p256dh
        self.auth = auth
        self.createdAt = createdAt
    }
}

/// Members' devices, in the database so every store process registers and delivers alike.
/// Every method is one transaction.
public protocol PushDeviceRepository: Sendable {
    /// Stores the member's device. An address the organization already has keeps its id and
    /// takes this member and these keys; then the member's oldest devices past `limit` are
    /// removed (phones get new tokens over the years; the old ones only fail).
    func registerPushDevice(_ device: PushDevice, keepingAtMost limit: Int) async throws -> PushDevice
    /// The member's devices, oldest first.
    func pushDevices(org: String, memberId: String) async throws -> [PushDevice]
    /// Removes one of the member's devices; false when the member has no device with this id.
    func removePushDevice(org: String, memberId: String, id: String) async throws -> Bool
}
