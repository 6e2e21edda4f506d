extension SQLiteSchema {
    /// The leaderboard's read-time filter moved into `stamp_totals` (the "passport-leaderboard-shown"
    /// migration): each total carries whether its member is shown (`Leaderboard.isShown` on a
    /// live member record) and their name (the last tie-break), kept by triggers on the member
    /// records in the same transaction as the change. A page is then a range of one index and a
    /// member's place one indexed count, however many members are hidden.
    static let leaderboardShownChanges = """
        ALTER TABLE stamp_totals ADD COLUMN shown INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE stamp_totals ADD COLUMN name TEXT NOT NULL DEFAULT '';
        DROP INDEX stamp_totals_rank;
        CREATE INDEX stamp_totals_shown_rank ON stamp_totals(org, shown, stamps DESC, reached_at, name, member);
        DROP TRIGGER stamp_totals_from_entries;
        CREATE TRIGGER stamp_totals_from_entries AFTER INSERT ON stamp_entries
        WHEN new.stamps != 0 BEGIN
            INSERT OR IGNORE INTO stamp_totals (org, member, stamps, reached_at, shown, name)
            SELECT new.org, new.member, 0, NULL,
                   coalesce((SELECT \(shownOfMember) FROM records r
                             WHERE r.org = new.org AND r.entity = 'member' AND r.id = new.member AND r.deleted = 0), 0),
                   coalesce((SELECT \(nameOfMember) FROM records r
                             WHERE r.org = new.org AND r.entity = 'member' AND r.id = new.member AND r.deleted = 0), '');
            UPDATE stamp_totals SET stamps = stamps + new.stamps,
                reached_at = CASE WHEN reached_at IS NULL OR new.at > reached_at THEN new.at ELSE reached_at END
            WHERE org = new.org AND member = new.member;
        END;
        CREATE TRIGGER stamp_totals_member_added AFTER INSERT ON records
        WHEN new.entity = 'member' BEGIN
            UPDATE stamp_totals SET shown = \(shownOfNew), name = \(nameOfNew)
            WHERE org = new.org AND member = new.id;
        END;
        CREATE TRIGGER stamp_totals_member_changed AFTER UPDATE OF fields, deleted ON records
        WHEN new.entity = 'member' BEGIN
            UPDATE stamp_totals SET shown = \(shownOfNew), name = \(nameOfNew)
            WHERE org = new.org AND member = new.id;
        END;
        UPDATE stamp_totals SET
            shown = coalesce((SELECT \(shownOfMember) FROM records r
                              WHERE r.org = stamp_totals.org AND r.entity = 'member' AND r.id = stamp_totals.member
                                AND r.deleted = 0), 0),
            name = coalesce((SELECT \(nameOfMember) FROM records r
                             WHERE r.org = stamp_totals.org AND r.entity = 'member' AND r.id = stamp_totals.member
                               AND r.deleted = 0), '');
        """

    /// `Leaderboard.isShown` over a member record `r`: an opt-in shows, an opt-out hides,
    /// otherwise adults show and minors do not.
    static let shownOfMember = """
        (CASE json_extract(r.fields, '$.leaderboard') WHEN 'opt-in' THEN 1 WHEN 'opt-out' THEN 0
         ELSE coalesce(json_extract(r.fields, '$.minor'), 0) = 0 END)
        """
    static let nameOfMember = "coalesce(json_extract(r.fields, '$.displayName'), '')"
    /// The same over the member record a trigger sees (`new`); a deleted member is hidden.
    static let shownOfNew = """
        (CASE WHEN new.deleted != 0 THEN 0 ELSE
         CASE json_extract(new.fields, '$.leaderboard') WHEN 'opt-in' THEN 1 WHEN 'opt-out' THEN 0
         ELSE coalesce(json_extract(new.fields, '$.minor'), 0) = 0 END END)
        """
    static let nameOfNew = "coalesce(json_extract(new.fields, '$.displayName'), '')"
}
