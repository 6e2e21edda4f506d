import ArgumentParser
import StewardCore
import Translation

struct ConflictsList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List an organization's open sync conflicts, with both sides.",
        discussion: "Each conflict holds the local change (what was typed here) and the store's record; resolve it with `stewardctl conflicts resolve ID --keep-local|--keep-remote`.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var org: OrganizationOption
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let database = try global.openDatabase()
        let organization = try await org.resolve(in: database)
        let conflicts = try await database.writer.read { db in try SyncIssues.conflicts(orgId: organization.id, db) }
        if output.json {
            Console.printJSON(.array(conflicts.map(Self.json)))
        } else if conflicts.isEmpty {
            print(tr("No conflicts."))
        } else {
            var table = Table(trc("table heading", "ID"), trc("table heading", "RECORD"), trc("table heading", "LOCAL"),
                              trc("table heading", "STORE"), trc("table heading", "STORE VERSION"))
            for conflict in conflicts {
                table.append(String(conflict.id), conflict.recordId.uuidString.lowercased(),
                             Self.summary(deleted: conflict.localDeleted, fields: conflict.localFields),
                             conflict.remote.map { Self.summary(deleted: $0.deleted, fields: $0.fields) } ?? tr("(not known yet)"),
                             conflict.remote.map { String($0.version) } ?? "-")
            }
            Console.print(table.lines)
        }
    }

    static func summary(deleted: Bool, fields: JSONValue?) -> String {
        if deleted { return tr("(deleted)") }
        return fields?["title"]?.stringValue.map { "\"\($0)\"" } ?? tr("(no title)")
    }

    static func json(_ conflict: SyncConflict) -> JSONValue {
        let remote: JSONValue = conflict.remote.map { record in
            .object(["entity": .string(record.entity), "id": .string(record.id), "version": .int(record.version),
                     "deleted": .bool(record.deleted), "fields": record.fields])
        } ?? .null
        return .object([
            "id": .int(conflict.id),
            "entity": .string(conflict.entity),
            "recordId": .string(conflict.recordId.uuidString.lowercased()),
            "local": .object(["deleted": .bool(conflict.localDeleted), "fields": conflict.localFields ?? .null]),
            "remote": remote,
            "createdAt": .string(DateTimeText.utc(conflict.createdAt)),
        ])
    }
}
