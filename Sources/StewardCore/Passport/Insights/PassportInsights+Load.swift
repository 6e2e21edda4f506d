import Foundation
import GRDB

extension PassportInsights {
    /// The organization's insights, read from the console's database in one transaction.
    public static func load(_ org: Organization, database: AppDatabase) async throws -> PassportInsights {
        try await database.writer.read { db in try load(org, db) }
    }

    static func load(_ org: Organization, _ db: Database) throws -> PassportInsights {
        let entries = try StampLedger.entries(org, db)
        let named = Set(entries.map(\.event))
        // Events that give stamps, and any other the ledger names (removed, or its value set to 0
        // since): its stamps still count, under its title.
        let rows = try Row.fetchAll(db, sql: "SELECT id, title, host, startsAt, stampValue, deleted FROM event WHERE orgId = ?",
                                    arguments: [UUIDColumn.encode(org.id)])
        let events = rows.compactMap { row -> EventInfo? in
            let id: String = row["id"] ?? ""
            let gives = (row["stampValue"] as Int? ?? 0) > 0 && !(row["deleted"] as Bool? ?? false)
            guard gives || named.contains(id) else { return nil }
            return EventInfo(id: id, title: row["title"] ?? "", host: (row["host"] as String? ?? "").trimmingCharacters(in: .whitespaces),
                             startsAt: row["startsAt"], givesStamps: gives)
        }
        let questions = try RecordService.live(.question, org: org, db).map { (id: $0.key, fields: $0.fields) }
        let answers = try RecordService.live(.answer, org: org, db).map(\.fields)
        return PassportInsights(entries: entries, events: events, questions: questions, answers: answers, timeZone: org.timeZone)
    }
}
