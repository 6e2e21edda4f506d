import ArgumentParser
import CommandLineSupport
import StewardCore
import Translation

/// `stewardctl TYPE add`: a new record from field options and/or `--input`.
struct RecordAdd<Kind: RecordKind>: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        let type = Kind.type
        var discussion = """
            Prints the new \(type.helpNoun), its id alone on the first line (in text mode) so \
            scripts can capture it. Input is checked exactly as the window's editor checks \
            it; when any field is wrong, nothing is added and the field is named on stderr \
            (exit status 2).
            """
        if let fields = Kind.FieldReader.fieldsHelp(type, markingRequired: true) {
            discussion += "\n\nFields (an empty value leaves a field empty):\n" + fields
        }
        return CommandConfiguration(
            commandName: "add",
            abstract: "Add \(type.helpNounWithArticle).",
            usage: "stewardctl \(type.commandName) add [--org <slug>] [--json] [--input <file>] [--<field> <value> ...]",
            discussion: discussion)
    }

    @OptionGroup var global: GlobalOptions
    @OptionGroup var org: OrganizationOption
    @OptionGroup var output: OutputOptions
    @OptionGroup var fields: Kind.FieldReader

    func run() async throws {
        let type = Kind.type
        let (given, positionals) = try fields.read(type, command: "stewardctl \(type.commandName) add")
        if let extra = positionals.first { throw CLIError.usage(tr("Unexpected argument '{argument}'", ["argument": extra])) }
        let database = try global.openDatabase()
        let organization = try await org.resolve(in: database)
        let service = RecordService(database: database)
        let fields = try given.changes(to: nil, orgZone: organization.timeZone)
        let record = try await service.create(type, fields: .object(fields), in: organization)
        let out = try await Kind.printer(org: organization, service: service)
        if output.json {
            Console.printJSON(out.json(record))
        } else {
            print(record.key)
            Console.print(Array(out.lines(record).dropFirst()))
        }
    }
}
