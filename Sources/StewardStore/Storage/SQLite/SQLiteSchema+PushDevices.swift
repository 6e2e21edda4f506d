extension SQLiteSchema {
    /// Members' devices (`PushDevice`): one row per address the organization can reach.
    static let pushDeviceTables = """
        CREATE TABLE push_devices (
            id TEXT PRIMARY KEY,
            org TEXT NOT NULL REFERENCES orgs(slug),
            member_id TEXT NOT NULL,
            platform TEXT NOT NULL,
            address TEXT NOT NULL,
            p256dh TEXT,
            auth TEXT,
            created_at INTEGER NOT NULL
        );
        CREATE UNIQUE INDEX push_devices_address ON push_devices(org, platform, address);
        CREATE INDEX push_devices_member ON push_devices(org, member_id, created_at);
        """
}
