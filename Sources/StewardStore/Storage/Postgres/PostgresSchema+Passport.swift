extension PostgresSchema {
    /// The passport's ledger index and totals: the same tables and meaning as
    /// `SQLiteSchema.passportTables`, kept by triggers. Run at every start (like every
    /// statement here): the backfill inserts only entries not indexed yet, and rows skipped by
    /// `ON CONFLICT DO NOTHING` fire no trigger, so nothing is counted twice.
    static let passportStatements: [String] = [
        """
        CREATE TABLE IF NOT EXISTS stamp_entries (
            org TEXT NOT NULL,
            id TEXT NOT NULL,
            member TEXT NOT NULL,
            event TEXT NOT NULL,
            kind TEXT NOT NULL,
            stamps BIGINT NOT NULL,
            at TEXT NOT NULL,
            reverses TEXT,
            PRIMARY KEY (org, id)
        )
        """,
        "CREATE INDEX IF NOT EXISTS stamp_entries_member_event ON stamp_entries (org, member, event)",
        """
        CREATE TABLE IF NOT EXISTS stamp_totals (
            org TEXT NOT NULL,
            member TEXT NOT NULL,
            stamps BIGINT NOT NULL,
            reached_at TEXT,
            PRIMARY KEY (org, member)
        )
        """,
        // The leaderboard's index is `stamp_totals_shown_rank` (`leaderboardShownStatements`).
        """
        CREATE OR REPLACE FUNCTION steward_stamp_entry_from_record() RETURNS trigger AS $$
        BEGIN
            IF NEW.entity = 'stamp' AND NOT NEW.deleted THEN
                INSERT INTO stamp_entries (org, id, member, event, kind, stamps, at, reverses)
                VALUES (NEW.org, NEW.id, NEW.fields::jsonb->>'member', NEW.fields::jsonb->>'event',
                        NEW.fields::jsonb->>'kind', coalesce((NEW.fields::jsonb->>'stamps')::bigint, 0),
                        NEW.fields::jsonb->>'at', NEW.fields::jsonb->>'reverses')
                ON CONFLICT DO NOTHING;
            END IF;
            RETURN NULL;
        END $$ LANGUAGE plpgsql
        """,
        """
        CREATE OR REPLACE FUNCTION steward_stamp_total_from_entry() RETURNS trigger AS $$
        BEGIN
            IF NEW.stamps <> 0 THEN
                INSERT INTO stamp_totals (org, member, stamps, reached_at) VALUES (NEW.org, NEW.member, NEW.stamps, NEW.at)
                ON CONFLICT (org, member) DO UPDATE SET stamps = stamp_totals.stamps + EXCLUDED.stamps,
                    reached_at = GREATEST(stamp_totals.reached_at, EXCLUDED.reached_at);
            END IF;
            RETURN NULL;
        END $$ LANGUAGE plpgsql
        """,
        """
        CREATE OR REPLACE TRIGGER stamp_entries_from_records AFTER INSERT ON records
        FOR EACH ROW EXECUTE FUNCTION steward_stamp_entry_from_record()
        """,
        """
        CREATE OR REPLACE TRIGGER stamp_totals_from_entries AFTER INSERT ON stamp_entries
        FOR EACH ROW EXECUTE FUNCTION steward_stamp_total_from_entry()
        """,
        """
        INSERT INTO stamp_entries (org, id, member, event, kind, stamps, at, reverses)
        SELECT org, id, fields::jsonb->>'member', fields::jsonb->>'event', fields::jsonb->>'kind',
               coalesce((fields::jsonb->>'stamps')::bigint, 0), fields::jsonb->>'at', fields::jsonb->>'reverses'
        FROM records WHERE entity = 'stamp' AND NOT deleted
        ON CONFLICT DO NOTHING
        """,
    ]
}
