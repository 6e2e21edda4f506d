import GRDB

extension Migrations {
    /// v5: a record created here keeps its first fields in one place until it is pushed.
    ///
    /// A local creation's history row would repeat, field for field, the payload of the outbox
    /// entry written with it: in bulk that doubled what an import writes. So the row keeps an
    /// empty `changes` while the entry waits, and reads the fields from the entry; when the
    /// entry leaves the outbox for any reason (pushed, coalesced into a later edit, refused),
    /// the trigger copies the payload into the row first. (The changes column otherwise holds
    /// what `FieldChangesText` describes.)
    static func registerCreationHistory(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v5: creation history shares the outbox payload") { db in
            // The record's index (entity, recordId) finds its few rows: no index of its own.
            try db.execute(sql: """
                CREATE TRIGGER outbox_keeps_creation_history BEFORE DELETE ON outbox BEGIN
                    UPDATE recordHistory SET changes = old.payload
                    WHERE entity = old.entity AND recordId = old.recordId AND changes = '' AND outboxSeq = old.seq;
                END;
                """)
        }
    }
}
