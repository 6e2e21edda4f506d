import CommandLineSupport
import ArgumentParser
import Foundation
import StewardCore
import Translation

struct HistoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Show who changed a record (an event, bulletin, message, fund, …), when, and what, newest first.",
        discussion: """
            The record is found by its id among every type, or only among one with --type. \
            Changes made on this console are listed with the staff member signed in at the \
            time ("this console (<login>)" without one); changes made elsewhere come with the \
            store's record of who made them, once a sync has brought them. A change not yet \
            sent shows "pending" as its version. Removed records keep their history.
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The record's id (a UUID, as the type's `list` and `add` print it).", valueName: "id"))
    var idText: String
    @Option(name: .customLong("type"),
            help: ArgumentHelp("Look only among records of this type: \(HistoryCommand.typeNames).", valueName: "type"))
    var typeName: String?
    @OptionGroup var org: OrganizationOption
    @OptionGroup var output: OutputOptions

    /// What `--type` takes: the sync name (`fund`) or the command's noun (`funds`).
    static var typeNames: String { RecordTypes.all.map(\.entity).joined(separator: ", ") }

    func run() async throws {
        guard let id = UUID(uuidString: idText.trimmingCharacters(in: .whitespaces)) else {
            throw CLIError.usage("id: " + tr("must be a record id like 3f2b8c1e-5d4a-4e7b-9c61-0a1b2c3d4e5f (got \"{value}\")",
                                             ["value": idText]))
        }
        let type = try typeName.map { name in
            guard let type = RecordTypes.named(name) ?? RecordTypes.command(name) else {
                throw CLIError.usage("type: " + tr("must be one of {choices} (got \"{value}\")", ["choices": Self.typeNames, "value": name]))
            }
            return type
        }
        let database = try global.openDatabase()
        let organization = try await org.resolve(in: database)
        guard case let (found, record)? = try await RecordService(database: database).lookup(id: id, of: type, in: organization) else {
            throw CLIError.failure(tr("no {noun} with id {id} in {org}", ["noun": type?.noun ?? tr("record"),
                                                                        "id": id.uuidString.lowercased(), "org": organization.slug]))
        }
        let entries = try await HistoryService(database: database).history(entity: found.entity, recordId: id)
        if output.json {
            Console.printJSON(.array(entries.map(HistoryOutput.json)))
        } else if entries.isEmpty {
            print(tr("No changes recorded for \"{title}\".", ["title": found.title(of: record.fields)]))
        } else {
            var table = Table(trc("table heading", "WHEN"), trc("table heading", "WHO"), trc("table heading", "CHANGE"),
                              trc("table heading", "VERSION"))
            for entry in entries {
                table.append(DateTimeText.local(entry.at, zone: organization.timeZone).replacingOccurrences(of: "T", with: " "),
                             HistoryAuthor.text(entry.author), entry.summary,
                             entry.version.map(String.init) ?? trc("history version", "pending"))
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
            "summary": .string(entry.englishSummary),
            "changes": .array(entry.changes.map { change in
                .object(["field": .string(change.field), "old": change.old ?? .null, "new": change.new ?? .null])
            }),
        ])
    }
}
