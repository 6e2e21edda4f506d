import Foundation
import GRDB
import StewardCore

extension SQLiteStoreRepository {
    public func registerPushDevice(_ device: PushDevice, keepingAtMost limit: Int) async throws -> PushDevice {
        try await pool.write { db in
            guard try Self.fetchOrg(db, slug: device.org) != nil else { throw StoreFailure.unknownOrg(device.org) }
            let id = try String.fetchOne(db, sql: """
                INSERT INTO push_devices (id, org, member_id, platform, address, p256dh, auth, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (org, platform, address) DO UPDATE
                SET member_id = excluded.member_id, p256dh = excluded.p256dh, auth = excluded.auth,
                    created_at = excluded.created_at
                RETURNING id
                """, arguments: [device.id, device.org, device.memberId, device.platform.rawValue, device.address,
                                 device.p256dh, device.auth, Milliseconds.from(device.createdAt)]) ?? device.id
            try db.execute(sql: """
                DELETE FROM push_devices WHERE org = ? AND member_id = ? AND id NOT IN (
                    SELECT id FROM push_devices WHERE org = ? AND member_id = ? ORDER BY created_at DESC, id LIMIT ?)
                """, arguments: [device.org, device.memberId, device.org, device.memberId, limit])
            var stored = device
            stored.id = id
            stored.createdAt = Milliseconds.date(Milliseconds.from(device.createdAt))
            return stored
        }
    }

    public func pushDevices(org: String, memberId: String) async throws -> [PushDevice] {
        try await pool.read { db in
            try Row.fetchAll(db, sql: """
                SELECT \(Self.deviceColumns) FROM push_devices WHERE org = ? AND member_id = ? ORDER BY created_at, id
                """, arguments: [org, memberId]).compactMap(Self.pushDevice(from:))
        }
    }

    public func removePushDevice(org: String, memberId: String, id: String) async throws -> Bool {
        try await pool.write { db in
            try db.execute(sql: "DELETE FROM push_devices WHERE id = ? AND org = ? AND member_id = ?",
                           arguments: [id, org, memberId])
            return db.changesCount > 0
        }
    }

    private static let deviceColumns = "id, org, member_id, platform, address, p256dh, auth, created_at"

    private static func pushDevice(from row: Row) -> PushDevice? {
        guard let platform = PushPlatform(rawValue: row["platform"]) else { return nil }
        return PushDevice(id: row["id"], org: row["org"], memberId: row["member_id"], platform: platform,
                          address: row["address"], p256dh: row["p256dh"], auth: row["auth"],
                          createdAt: Milliseconds.date(row["created_at"]))
    }
}
