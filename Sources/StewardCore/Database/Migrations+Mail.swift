import GRDB

extension Migrations {
    /// E-mail that sends (`MailService`): each organization's mail server, user name and From
    /// address (the password is kept with the credentials, or read from the file named here),
    /// and a log of every message sent or tried: when, to whom, about what, and how it went.
    /// Both stay in this console's database; neither is synced to the store.
    static func registerMail(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v22: mail") { db in
            try db.create(table: "mailSettings") { t in
                t.primaryKey("orgId", .text).references("organization", onDelete: .cascade)
                // smtp://host:port or smtps://host:port, as SMTPServer writes it.
                t.column("smtpURL", .text).notNull()
                // Empty for a server that takes mail without signing in.
                t.column("userName", .text).notNull()
                t.column("fromAddress", .text).notNull()
                // NULL: the password is in the keyring (or the private credentials file).
                t.column("passwordFile", .text)
                // A PEM file of CA certificates to trust for the server, in place of the system's.
                t.column("caFile", .text)
                t.column("updatedAt", .datetime).notNull()
            }
            try db.create(table: "mailLog") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("orgId", .text).notNull().references("organization", onDelete: .cascade)
                t.column("sentAt", .datetime).notNull()
                t.column("recipient", .text).notNull()
                t.column("subject", .text).notNull()
                // What for: MailPurpose.Kind's raw value, and the record it is about (if any).
                t.column("purpose", .text).notNull()
                t.column("recordId", .text)
                t.column("result", .text).notNull().check(sql: "result IN ('sent', 'failed')")
                // The reason, in words, when it failed.
                t.column("error", .text)
                t.column("messageId", .text).notNull()
            }
            try db.create(index: "mailLog_org_sent", on: "mailLog", columns: ["orgId", "sentAt"])
        }
    }
}
