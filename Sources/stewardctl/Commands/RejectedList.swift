import ArgumentParser
import Foundation
import StewardCore
import Translation

struct RejectedList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List an organization's changes the store refused for good, with the store's reason.",
        discussion: "Oldest first. Settle one by discarding it (`stewardctl rejected discard ID`: the record goes back to the store's version) or by changing the record and syncing again.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var org: OrganizationOption
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let database = try global.openDatabase()
        let organization = try await org.resolve(in: database)
        let changes = try await SyncEngine(database: database).rejectedChanges(org: organization)
        if output.json {
            Console.printJSON(.array(changes.map(Self.json)))
        } else if changes.isEmpty {
            print(tr("No rejected changes."))
        } else {
            var table = Table(trc("table heading", "ID"), trc("table heading", "TYPE"), trc("table heading", "RECORD"),
                              trc("table heading", "TITLE"), trc("table heading", "REASON"))
            for change in changes {
                table.append(String(change.id), change.entity, change.recordId.uuidString.lowercased(), change.title, change.reason)
            }
            Console.print(table.lines)
        }
    }

    static func json(_ change: RejectedChange) -> JSONValue {
        .object([
            "id": .int(change.id),
            "entity": .string(change.entity),
            "recordId": .string(change.recordId.uuidString.lowercased()),
            "title": .string(change.title),
            "reason": .string(change.reason),
            "operation": .string(change.operation == .delete ? "delete" : "upsert"),
            "fields": change.fields ?? .null,
            "rejectedAt": .string(DateTimeText.utc(change.at)),
        ])
    }
}
