import Foundation
import PostgresNIO
import StewardCore

extension PostgresStoreRepository {
    public func registerPushDevice(_ device: PushDevice, keepingAtMost limit: Int) async throws -> PushDevice {
        try await transaction { connection, logger in
            guard try await Self.fetchOrg(connection, slug: device.org, lock: false, logger: logger) != nil else {
                throw StoreFailure.unknownOrg(device.org)
            }
            let created = Milliseconds.from(device.createdAt)
            var id = device.id
            for try await stored in try await connection.query("""
                INSERT INTO push_devices (id, org, member_id, platform, address, p256dh, auth, created_at)
                VALUES (\(device.id), \(device.org), \(device.memberId), \(device.platform.rawValue), \(device.address),
                        \(device.p256dh), \(device.auth), \(created))
                ON CONFLICT (org, platform, address) DO UPDATE
                SET member_id = EXCLUDED.member_id, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth,
                    created_at = EXCLUDED.created_at
                RETURNING id
                """, logger: logger).decode(String.self) {
                id = stored
            }
            let keep = Int64(limit)
            try await connection.query("""
                DELETE FROM push_devices WHERE org = \(device.org) AND member_id = \(device.memberId) AND id NOT IN (
                    SELECT id FROM push_devices WHERE org = \(device.org) AND member_id = \(device.memberId)
                    ORDER BY created_at DESC, id LIMIT \(keep))
                """, logger: logger)
            var stored = device
            stored.id = id
            stored.createdAt = Milliseconds.date(created)
            return stored
        }
    }

    public func pushDevices(org: String, memberId: String) async throws -> [PushDevice] {
        try await transaction { connection, logger in
            try await Self.devices(connection.query("""
                SELECT id, org, member_id, platform, address, p256dh, auth, created_at FROM push_devices
                WHERE org = \(org) AND member_id = \(memberId) ORDER BY created_at, id
                """, logger: logger))
        }
    }

    public func removePushDevice(org: String, memberId: String, id: String) async throws -> Bool {
        try await transaction { connection, logger in
            var removed = false
            for try await _ in try await connection.query("""
                DELETE FROM push_devices WHERE id = \(id) AND org = \(org) AND member_id = \(memberId) RETURNING id
                """, logger: logger).decode(String.self) {
                removed = true
            }
            return removed
        }
    }

    private static func devices(_ rows: PostgresRowSequence) async throws -> [PushDevice] {
        var devices: [PushDevice] = []
        for try await (id, org, member, platform, address, p256dh, auth, created) in rows.decode(
            (String, String, String, String, String, String?, String?, Int64).self) {
            guard let platform = PushPlatform(rawValue: platform) else { continue }
            devices.append(PushDevice(id: id, org: org, memberId: member, platform: platform, address: address,
                                      p256dh: p256dh, auth: auth, createdAt: Milliseconds.date(created)))
        }
        return devices
    }
}
