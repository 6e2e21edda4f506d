import GRDB

extension Migrations {
    /// The approval queue's lines: a submission's record is a few kilobytes of JSON, and
    /// reading 10,000 of them to open the queue took ten frames; the line the queue shows and
    /// searches is kept beside the record, written with it (`SubmissionRecordStorage`).
    static func registerApprovalQueue(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v9: approval queue lines") { db in
            try db.execute(sql: """
                -- line: the search words, title, submitter, submitted, starts, place and re-review
                -- in one text (QueueRow.line): one column to read per row, not eight.
                CREATE TABLE submissionLine (
                    id TEXT PRIMARY KEY NOT NULL,
                    orgId TEXT NOT NULL REFERENCES organization(id) ON DELETE CASCADE,
                    status TEXT NOT NULL,
                    submittedAt TEXT NOT NULL,
                    line TEXT NOT NULL
                );
                CREATE INDEX submissionLine_queue ON submissionLine(orgId, submittedAt);
                """)
            // Submissions pulled before this version get their lines now.
            let records = try Row.fetchAll(db, sql: "SELECT * FROM record WHERE entity = 'submission' AND deleted = 0")
            for row in records {
                let record = try SharedRecordStorage.record(from: row)
                try SubmissionQueueLines().write(record, db)
            }
        }
    }
}
