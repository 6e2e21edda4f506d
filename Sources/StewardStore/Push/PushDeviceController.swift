import Foundation
import Hummingbird
import NIOPosix
import StewardCore

/// Members' devices: `POST /v1/orgs/{org}/me/devices` registers where to reach the member
/// (201 with the device's `id`), `GET` lists the member's devices, `DELETE …/me/devices/{id}`
/// removes one (204). Member tokens only.
struct PushDeviceController {
    let repository: any StoreRepository
    let configuration: PushConfiguration
    let bodyReader = RequestBodyReader(limit: 16 * 1024)
    /// Per member: enough for a phone, a tablet and a few browsers, with room for tokens that
    /// changed; past it the oldest goes.
    static let devicesPerMember = 10

    func addRoutes(to group: RouterGroup<StoreRequestContext>) {
        group.post("me/devices", use: register)
        group.get("me/devices", use: list)
        group.delete("me/devices/{id}", use: remove)
    }

    @Sendable func register(request: Request, context: StoreRequestContext) async throws -> Response {
        let member = try context.requireMember()
        let registration = try PushDeviceRegistration.parse(try await bodyReader.read(request),
                                                            allowHTTP: configuration.allowPrivateEndpoints)
        if registration.platform == .webpush, !configuration.allowPrivateEndpoints,
           let host = PushDeviceRegistration.host(ofEndpoint: registration.address) {
            do {
                try await NIOThreadPool.singleton.runIfActive { try InternalAddress.refuseInternal(host: host) }
            } catch let refusal as InternalAddress.Refusal {
                throw StoreHTTPError(.unprocessableContent, ErrorResponse.Code.privateEndpoint,
                                     "endpoint: \(refusal.description)")
            }
        }
        let device = try await repository.registerPushDevice(
            PushDevice(id: UUID().uuidString.lowercased(), org: member.grant.org, memberId: member.id,
                       platform: registration.platform, address: registration.address,
                       p256dh: registration.p256dh, auth: registration.auth, createdAt: Date()),
            keepingAtMost: Self.devicesPerMember)
        context.logger.info("device registered", metadata: ["platform": "\(device.platform.rawValue)", "device": "\(device.id)"])
        return try JSONTextBody(Self.view(device), status: .created).response(from: request, context: context)
    }

    @Sendable func list(request: Request, context: StoreRequestContext) async throws -> Response {
        let member = try context.requireMember()
        let devices = try await repository.pushDevices(org: member.grant.org, memberId: member.id)
        return try JSONTextBody(.object(["items": .array(devices.map(Self.view))])).response(from: request, context: context)
    }

    @Sendable func remove(request: Request, context: StoreRequestContext) async throws -> Response {
        let member = try context.requireMember()
        let id = try context.parameters.require("id")
        guard try await repository.removePushDevice(org: member.grant.org, memberId: member.id, id: id) else {
            throw StoreHTTPError.notFound("no device '\(id)' of yours")
        }
        return Response(status: .noContent)
    }

    /// What the member sees of a device: never the keys they sent.
    static func view(_ device: PushDevice) -> JSONValue {
        var item: [String: JSONValue] = [
            "id": .string(device.id),
            "platform": .string(device.platform.rawValue),
            "createdAt": .string(DateTimeText.utc(device.createdAt)),
        ]
        item[device.platform == .webpush ? "endpoint" : "token"] = .string(device.address)
        return .object(item)
    }
}
