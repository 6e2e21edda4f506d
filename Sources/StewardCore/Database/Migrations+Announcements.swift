import GRDB

extension Migrations {
    /// Every organization reaches its members, so every one gets the Announcements page, as a
    /// new one does (`ModuleRegistry`), right after Events; a list that has it already stays.
    static func registerAnnouncementsPage(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v23: announcements for every organization") { db in
            let rows = try Row.fetchAll(db, sql: "SELECT id, modules FROM organization")
            for row in rows {
                let id: String = row["id"]
                let modules: String = row["modules"]
                var list = modules.split(separator: ",").map(String.init)
                guard !list.contains("announcements") else { continue }
                list.insert("announcements", at: list.firstIndex(of: "events").map { $0 + 1 } ?? 0)
                try db.execute(sql: "UPDATE organization SET modules = ? WHERE id = ?", arguments: [list.joined(separator: ","), id])
            }
        }
    }
}
