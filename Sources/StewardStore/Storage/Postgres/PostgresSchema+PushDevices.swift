extension PostgresSchema {
    /// Members' devices, as `SQLiteSchema.pushDeviceTables`.
    static let pushDeviceStatements: [String] = [
        """
        CREATE TABLE IF NOT EXISTS push_devices (
            id TEXT PRIMARY KEY,
            org TEXT NOT NULL REFERENCES orgs(slug),
            member_id TEXT NOT NULL,
            platform TEXT NOT NULL,
            address TEXT NOT NULL,
            p256dh TEXT,
            auth TEXT,
            created_at BIGINT NOT NULL
        )
        """,
        "CREATE UNIQUE INDEX IF NOT EXISTS push_devices_address ON push_devices(org, platform, address)",
        "CREATE INDEX IF NOT EXISTS push_devices_member ON push_devices(org, member_id, created_at)",
    ]
}
