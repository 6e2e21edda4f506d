import ArgumentParser
import CommandLineSupport
import StewardCore
import Translation

/// `stewardctl TYPE update ID`: changes the fields given, keeping the rest.
struct RecordUpdate<Kind: RecordKind>: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        let type = Kind.type
        var discussion = """
            Only the fields given change (`update ID --\(type.fields[0].optionName) X` changes \
            only that one); an empty value clears a field. The result is checked as the \
            window's editor checks it; when any field is wrong, nothing changes and the field \
            is named on stderr (exit status 2).
            """
        if let fields = Kind.FieldReader.fieldsHelp(type, markingRequired: false) {
            discussion += "\n\nFields:\n" + fields
        }
        return CommandConfiguration(
            commandName: "update",
            abstract: "Change some fields of \(type.helpNounWithArticle).",
            usage: "stewardctl \(type.commandName) update <id> [--org <slug>] [--json] [--input <file>] [--<field> <value> ...]",
            discussion: discussion)
    }

    @OptionGroup var global: GlobalOptions
    @OptionGroup var org: OrganizationOption
    @OptionGroup var output: OutputOptions
    // The id is read with the field options: ArgumentParser would take the value of an option
    // it does not know (`update --name X ID`) for the id.
    @OptionGroup var fields: Kind.FieldReader

    func run() async throws {
        let type = Kind.type
        let command = "stewardctl \(type.commandName) update"
        let (edit, positionals) = try fields.read(type, command: command)
        guard let idText = positionals.first else {
            throw CLIError.usage(tr("Missing expected argument '{argument}' (see `{command}`)",
                                    ["argument": "<id>", "command": command + " --help"]))
        }
        if positionals.count > 1 { throw CLIError.usage(tr("Unexpected argument '{argument}'", ["argument": positionals[1]])) }
        let recordID = try Kind.id(idText)
        if edit.isEmpty {
            throw CLIError.usage("update: " + tr("give at least one field option to change, like {option}, or --input (see `{command}`)",
                                                 ["option": "--" + type.fields[0].optionName, "command": command + " --help"]))
        }
        let database = try global.openDatabase()
        let organization = try await org.resolve(in: database)
        let service = RecordService(database: database)
        let stored = try await RecordLookup.find(recordID, of: type, in: organization, service: service)
        let changes = try edit.changes(to: stored.fields, orgZone: organization.timeZone)
        // Values the same as the stored ones are no edit: nothing is written or sent.
        var merged: [String: JSONValue] = [:]
        if case .object(let current) = stored.fields { merged = current }
        merged.merge(changes) { _, change in change }
        let checked = try type.validate(.object(merged), orgZone: organization.timeZone)
        let record = checked == stored.fields
            ? stored
            : try await service.update(type, id: recordID, changes: changes, in: organization)
        let out = try await Kind.printer(org: organization, service: service)
        if output.json {
            Console.printJSON(out.json(record))
        } else {
            Console.print(out.lines(record))
        }
    }
}
