extension PostgresSchema {
    /// The leaderboard's read-time filter kept in `stamp_totals`: the same columns, index and
    /// meaning as `SQLiteSchema.leaderboardShownChanges`, kept by triggers. Run at every start
    /// after `passportStatements`: the fill writes only totals whose flag or name is out of step.
    static let leaderboardShownStatements: [String] = [
        // Each looked for first (see `addColumn`): ALTER TABLE, CREATE INDEX IF NOT EXISTS and
        // DROP INDEX lock stamp_totals even when there is nothing to do, and a store starting
        // while another serves would queue behind its check-ins (and they behind it).
        addColumn(table: "stamp_totals", column: "shown", type: "BOOLEAN NOT NULL DEFAULT false"),
        addColumn(table: "stamp_totals", column: "name", type: "TEXT NOT NULL DEFAULT ''"),
        """
        DO $$ BEGIN
            IF EXISTS (SELECT 1 FROM pg_indexes
                       WHERE schemaname = current_schema() AND indexname = 'stamp_totals_rank') THEN
                DROP INDEX stamp_totals_rank;
            END IF;
            -- "C" ordering of names, as Swift and SQLite compare them, whatever the database's locale.
            IF NOT EXISTS (SELECT 1 FROM pg_indexes
                           WHERE schemaname = current_schema() AND indexname = 'stamp_totals_shown_rank') THEN
                CREATE INDEX stamp_totals_shown_rank
                ON stamp_totals (org, shown, stamps DESC, reached_at, name COLLATE "C", member COLLATE "C");
            END IF;
        END $$
        """,
        """
        CREATE OR REPLACE FUNCTION steward_member_shown(fields TEXT, deleted BOOLEAN) RETURNS BOOLEAN AS $$
            SELECT NOT deleted AND CASE fields::jsonb->>'leaderboard' WHEN 'opt-in' THEN true WHEN 'opt-out' THEN false
                ELSE coalesce(fields::jsonb->>'minor', 'false') <> 'true' END
        $$ LANGUAGE sql IMMUTABLE
        """,
        """
        CREATE OR REPLACE FUNCTION steward_stamp_total_from_entry() RETURNS trigger AS $$
        DECLARE
            member_fields TEXT;
        BEGIN
            IF NEW.stamps <> 0 THEN
                SELECT fields INTO member_fields FROM records
                WHERE org = NEW.org AND entity = 'member' AND id = NEW.member AND NOT deleted;
                INSERT INTO stamp_totals (org, member, stamps, reached_at, shown, name)
                VALUES (NEW.org, NEW.member, NEW.stamps, NEW.at,
                        member_fields IS NOT NULL AND steward_member_shown(member_fields, false),
                        coalesce(member_fields::jsonb->>'displayName', ''))
                ON CONFLICT (org, member) DO UPDATE SET stamps = stamp_totals.stamps + EXCLUDED.stamps,
                    reached_at = GREATEST(stamp_totals.reached_at, EXCLUDED.reached_at);
            END IF;
            RETURN NULL;
        END $$ LANGUAGE plpgsql
        """,
        """
        CREATE OR REPLACE FUNCTION steward_stamp_totals_from_member() RETURNS trigger AS $$
        BEGIN
            UPDATE stamp_totals SET shown = steward_member_shown(NEW.fields, NEW.deleted),
                name = coalesce(NEW.fields::jsonb->>'displayName', '')
            WHERE org = NEW.org AND member = NEW.id;
            RETURN NULL;
        END $$ LANGUAGE plpgsql
        """,
        """
        CREATE OR REPLACE TRIGGER stamp_totals_from_members AFTER INSERT OR UPDATE ON records
        FOR EACH ROW WHEN (NEW.entity = 'member') EXECUTE FUNCTION steward_stamp_totals_from_member()
        """,
        """
        UPDATE stamp_totals t SET shown = coalesce(steward_member_shown(r.fields, r.deleted), false),
            name = coalesce(r.fields::jsonb->>'displayName', '')
        FROM stamp_totals s LEFT JOIN records r ON r.org = s.org AND r.entity = 'member' AND r.id = s.member
        WHERE t.org = s.org AND t.member = s.member
          AND (t.shown IS DISTINCT FROM coalesce(steward_member_shown(r.fields, r.deleted), false)
               OR t.name IS DISTINCT FROM coalesce(r.fields::jsonb->>'displayName', ''))
        """,
    ]
}
