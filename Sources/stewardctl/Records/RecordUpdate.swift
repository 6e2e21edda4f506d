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
    @OptionGroup var scope: Kind.Scope

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
        let organization = try await org.resolve(in: database, holding: recordID, of: type)
        let service = RecordService(database: database)
        let stored = try await RecordLookup.find(recordID, of: type, in: organization, service: service)
        let out = try await Kind.printer(org: organization, service: service)
        if !scope.isWholeRecord {
            try await updatePart(of: stored, edit: edit, service: service, organization: organization, out: out)
            return
        }
        let changes = try edit.changes(to: stored.fields, orgZone: organization.timeZone)
        // Values the same as the stored ones are no edit: nothing is written or sent.
        var merged: [String: JSONValue] = [:]
        if case .object(let current) = stored.fields { merged = current }
        merged.merge(changes) { _, change in change }
        let checked = try type.validate(.object(merged), orgZone: organization.timeZone)
        let record = checked == stored.fields
            ? stored
            : try await service.update(type, id: recordID, changes: changes, in: organization)
        if output.json {
            Console.printJSON(out.json(record))
        } else {
            Console.print(out.lines(record))
        }
    }

    /// One part changed (an occurrence of a series): the options apply to the part's own
    /// fields; the record is rewritten, and a record added beside it when the edit splits it.
    /// The record the edit lives in is printed: the added one, or the record itself.
    private func updatePart(of stored: LocalRecord, edit: Kind.FieldReader.Edit, service: RecordService,
                            organization: Organization, out: any RecordPrinter) async throws {
        let type = Kind.type, zone = organization.timeZone
        let part = try scope.partFields(of: stored, zone: zone)
        var merged: [String: JSONValue] = [:]
        if case .object(let current) = part { merged = current }
        merged.merge(try edit.changes(to: part, orgZone: zone)) { _, change in change }
        let (fields, added) = try scope.writes(editing: stored, part: .object(merged), zone: zone)
        // Checked before anything is written: a split's two halves are written together or not at all.
        let checked = try type.validate(fields, orgZone: zone)
        if let added { _ = try type.validate(added, orgZone: zone) }
        var shown = checked == stored.fields ? stored : try await service.replace(type, id: stored.id, fields: fields, in: organization)
        if let added { shown = try await service.create(type, fields: added, in: organization) }
        if output.json {
            Console.printJSON(out.json(shown))
        } else {
            if added != nil { print(shown.key) }
            Console.print(added != nil ? Array(out.lines(shown).dropFirst()) : out.lines(shown))
        }
    }
}
