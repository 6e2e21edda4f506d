import GRDB

extension Migrations {
    /// Decimal fields (a map pin's and a ride's coordinates) are JSON numbers. Earlier consoles
    /// kept them as the text typed ("42.6531"): each record holding such text is written again
    /// with the number, so lists, JSON output and pushes show it as they show a new record's.
    /// Versions and times stay as they are: nothing changed that the store must hear of, and a
    /// store still holding the text sends it back as text, which reads the same.
    static func registerDecimalNumbers(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v18: decimal fields as numbers") { db in
            for type in RecordTypes.all where type.hasDecimalFields {
                let rows = try Row.fetchAll(db, sql: "SELECT id, fields FROM record WHERE entity = ?", arguments: [type.entity])
                for row in rows {
                    let text: String = row["fields"]
                    guard let fields = try? JSONValue.parse(text) else { continue }
                    let numbers = type.numbersForDecimalText(in: fields)
                    guard numbers != fields else { continue }
                    try db.execute(sql: "UPDATE record SET fields = ? WHERE entity = ? AND id = ?",
                                   arguments: [numbers.canonicalText, type.entity, row["id"] as String])
                }
            }
        }
    }
}
