extension SQLiteSchema {
    /// The passport's ledger index and totals (the "passport-ledger" migration): kept by
    /// triggers from the records table, so a check-in, a member's total and the leaderboard's
    /// first page never read the whole ledger. Entries are never changed or deleted, so an
    /// insert is all there is to follow; `INSERT OR IGNORE` fires no trigger for a row already
    /// indexed, so the backfill and a replayed insert count nothing twice.
    static let passportTables = """
        CREATE TABLE stamp_entries (
            org TEXT NOT NULL,
            id TEXT NOT NULL,
            member TEXT NOT NULL,
            event TEXT NOT NULL,
            kind TEXT NOT NULL,
            stamps INTEGER NOT NULL,
            at TEXT NOT NULL,
            reverses TEXT,
            PRIMARY KEY (org, id)
        );
        CREATE INDEX stamp_entries_member_event ON stamp_entries(org, member, event);
        CREATE TABLE stamp_totals (
            org TEXT NOT NULL,
            member TEXT NOT NULL,
            stamps INTEGER NOT NULL,
            reached_at TEXT,
            PRIMARY KEY (org, member)
        );
        CREATE INDEX stamp_totals_rank ON stamp_totals(org, stamps DESC, reached_at);
        CREATE TRIGGER stamp_entries_from_records AFTER INSERT ON records
        WHEN new.entity = 'stamp' AND new.deleted = 0 BEGIN
            INSERT OR IGNORE INTO stamp_entries (org, id, member, event, kind, stamps, at, reverses)
            VALUES (new.org, new.id, json_extract(new.fields, '$.member'), json_extract(new.fields, '$.event'),
                    json_extract(new.fields, '$.kind'), coalesce(json_extract(new.fields, '$.stamps'), 0),
                    json_extract(new.fields, '$.at'), json_extract(new.fields, '$.reverses'));
        END;
        CREATE TRIGGER stamp_totals_from_entries AFTER INSERT ON stamp_entries
        WHEN new.stamps != 0 BEGIN
            INSERT OR IGNORE INTO stamp_totals (org, member, stamps, reached_at) VALUES (new.org, new.member, 0, NULL);
            UPDATE stamp_totals SET stamps = stamps + new.stamps,
                reached_at = CASE WHEN reached_at IS NULL OR new.at > reached_at THEN new.at ELSE reached_at END
            WHERE org = new.org AND member = new.member;
        END;
        INSERT OR IGNORE INTO stamp_entries (org, id, member, event, kind, stamps, at, reverses)
        SELECT org, id, json_extract(fields, '$.member'), json_extract(fields, '$.event'), json_extract(fields, '$.kind'),
               coalesce(json_extract(fields, '$.stamps'), 0), json_extract(fields, '$.at'), json_extract(fields, '$.reverses')
        FROM records WHERE entity = 'stamp' AND deleted = 0;
        """
}
