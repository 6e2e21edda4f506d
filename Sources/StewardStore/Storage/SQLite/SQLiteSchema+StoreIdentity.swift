extension SQLiteSchema {
    /// The "store-identity" migration: `orgs.store_id`, this store's copy of the organization,
    /// made once with it (`PullResponse.storeId`). A console tells by it a store that lost
    /// records (a restored backup keeps the id) from another store (a new one at the same
    /// address has another), so that it never takes a record's absence from a store it has not
    /// synced with as a deletion. SQLite adds no column with a random default: the trigger
    /// fills it for organizations made from now on.
    static let storeIdentityChanges = """
        ALTER TABLE orgs ADD COLUMN store_id TEXT;
        UPDATE orgs SET store_id = lower(hex(randomblob(16))) WHERE store_id IS NULL;
        CREATE TRIGGER orgs_store_id AFTER INSERT ON orgs WHEN NEW.store_id IS NULL
        BEGIN
            UPDATE orgs SET store_id = lower(hex(randomblob(16))) WHERE slug = NEW.slug;
        END;
        """
}
