import Foundation
import GRDB

/// Reading what sync left for people to look at.
public enum SyncIssues {
    public static func conflicts(orgId: UUID, _ db: Database) throws -> [SyncConflict] {
        try SyncConflict.fetchAll(db, sql: "SELECT * FROM syncConflict WHERE orgId = ? ORDER BY id",
                                  arguments: [UUIDColumn.encode(orgId)])
    }

    public static func conflict(id: Int64, _ db: Database) throws -> SyncConflict? {
        try SyncConflict.fetchOne(db, sql: "SELECT * FROM syncConflict WHERE id = ?", arguments: [id])
    }

    public static func deadLetter(id: Int64, _ db: Database) throws -> DeadLetter? {
        try DeadLetter.fetchOne(db, sql: "SELECT * FROM deadLetter WHERE id = ?", arguments: [id])
    }

    public static func deadLetters(orgId: UUID, _ db: Database) throws -> [DeadLetter] {
        try DeadLetter.fetchAll(db, sql: "SELECT * FROM deadLetter WHERE orgId = ? ORDER BY id",
                                arguments: [UUIDColumn.encode(orgId)])
    }

    static func hasConflict(entity: String, recordId: String, _ db: Database) throws -> Bool {
        try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM syncConflict WHERE entity = ? AND recordId = ?)"),
                          arguments: [entity, recordId]) ?? false
    }

    static func hasOutbox(entity: String, recordId: String, _ db: Database) throws -> Bool {
        try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM outbox WHERE entity = ? AND recordId = ?)"),
                          arguments: [entity, recordId]) ?? false
    }
}
