import CommandLineSupport
import ArgumentParser
import Foundation
import StewardCore

struct HistoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Show who changed an event, when, and what, newest first.",
        discussion: """
            Changes made on this console are listed with the staff member signed in at the \
            time ("this console (<login>)" without one); changes made elsewhere come with the \
            store's record of who made them, once a sync has brought them. A change not yet \
            sent shows "pending" as its version.
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var eventId: EventIDArgument
    @OptionGroup var org: OrganizationOption
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let id = try eventId.uuid()
        let database = try global.openDatabase()
        let organization = try await org.resolve(in: database)
        let events = EventService(database: database)
        guard let event = try await events.event(id: id, includingDeleted: true), event.orgId == organization.id else {
            throw CLIError.failure("no event with id \(id.uuidString.lowercased()) in \(organization.slug)")
        }
        let entries = try await HistoryService(database: database).history(entity: SyncEntity.event, recordId: id)
        if output.json {
            Console.printJSON(.array(entries.map(HistoryOutput.json)))
        } else if entries.isEmpty {
            print("No changes recorded for \"\(event.details.title)\".")
        } else {
            var table = Table("WHEN", "WHO", "CHANGE", "VERSION")
            for entry in entries {
                table.append(DateTimeText.local(entry.at, zone: organization.timeZone).replacingOccurrences(of: "T", with: " "),
                             entry.author, entry.summary, entry.version.map(String.init) ?? "pending")
            }
            Console.print(table.lines)
        }
    }
}

enum HistoryOutput {
    static func json(_ entry: RecordHistoryEntry) -> JSONValue {
        .object([
            "id": .int(entry.id),
            "author": .string(entry.author),
            "at": .string(DateTimeText.utc(entry.at)),
            "operation": .string(entry.operation.rawValue),
            "origin": .string(entry.origin.rawValue),
            "version": entry.version.map { .int($0) } ?? .null,
            "summary": .string(entry.summary),
            "changes": .array(entry.changes.map { change in
                .object(["field": .string(change.field), "old": change.old ?? .null, "new": change.new ?? .null])
            }),
        ])
    }
}
