import GRDB

extension Migrations {
    /// Campus ministries made before the Ministry and Leads pages existed get them, as a new
    /// one does (`OrganizationKind.defaultModules`); an organization that already lists a
    /// module keeps its list as it is.
    static func registerMinistryPages(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v13: ministry and leads pages for campus ministries") { db in
            let rows = try Row.fetchAll(db, sql: "SELECT id, modules FROM organization WHERE kind = 'campus-ministry'")
            for row in rows {
                let id: String = row["id"]
                let modules: String = row["modules"]
                var list = modules.split(separator: ",").map(String.init)
                for module in ["ministry", "leads"] where !list.contains(module) { list.append(module) }
                try db.execute(sql: "UPDATE organization SET modules = ? WHERE id = ?", arguments: [list.joined(separator: ","), id])
            }
        }
    }
}
