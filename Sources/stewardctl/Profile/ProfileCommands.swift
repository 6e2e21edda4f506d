import ArgumentParser
import CommandLineSupport
import StewardCore
import Translation

/// The profile's marker for the kit's field options and printer (RecordKinds.swift).
enum ProfileKind: RecordKind { static var type: RecordType { .profile } }

/// `stewardctl profile`: the organization's one profile, shown and set rather than listed,
/// added and updated like the kit's other types.
struct ProfileCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: RecordType.profile.commandName,
        abstract: "Show and set the organization's profile: its home in the apps (docs/profile.md).",
        subcommands: [ProfileShow.self, ProfileSet.self])
}

/// `stewardctl profile show`: every field of the organization's profile.
struct ProfileShow: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show every field of the organization's profile.",
        discussion: "Exit status 1 when the organization has no profile yet (make it with `stewardctl profile set`).")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var org: OrganizationOption
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let database = try global.openDatabase()
        let organization = try await org.resolve(in: database)
        let service = RecordService(database: database)
        guard let record = try await service.singleton(.profile, in: organization) else {
            throw CLIError.failure(tr("{org} has no profile yet; make it with `{command}`",
                                      ["org": organization.slug, "command": "stewardctl profile set --org \(organization.slug) --display-name NAME"]))
        }
        let out = try await ProfileKind.printer(org: organization, service: service)
        if output.json {
            Console.printJSON(out.json(record))
        } else {
            Console.print(out.lines(record))
        }
    }
}

/// `stewardctl profile set`: changes the fields given, keeping the rest; makes the profile
/// when the organization has none.
struct ProfileSet: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        let type = RecordType.profile
        var discussion = """
            Only the fields given change; an empty value clears a field. The first `set` makes \
            the profile (--display-name is then required). The result is checked as the \
            window's editor checks it; when any field is wrong, nothing changes and the field \
            is named on stderr (exit status 2). Banners and times take a JSON array of objects, \
            as `show --json` prints them.
            """
        if let fields = RecordFieldInput<ProfileKind>.fieldsHelp(type, markingRequired: true) {
            discussion += "\n\nFields:\n" + fields
        }
        return CommandConfiguration(
            commandName: "set",
            abstract: "Set fields of the organization's profile, making it when there is none.",
            usage: "stewardctl profile set [--org <slug>] [--json] [--input <file>] [--<field> <value> ...]",
            discussion: discussion)
    }

    @OptionGroup var global: GlobalOptions
    @OptionGroup var org: OrganizationOption
    @OptionGroup var output: OutputOptions
    @OptionGroup var fields: RecordFieldInput<ProfileKind>

    func run() async throws {
        let type = RecordType.profile
        let command = "stewardctl profile set"
        let (changes, positionals) = try fields.read(type, command: command)
        if let extra = positionals.first { throw CLIError.usage(tr("Unexpected argument '{argument}'", ["argument": extra])) }
        if changes.isEmpty {
            throw CLIError.usage("set: " + tr("give at least one field option to change, like {option}, or --input (see `{command}`)",
                                              ["option": "--display-name", "command": command + " --help"]))
        }
        let database = try global.openDatabase()
        let organization = try await org.resolve(in: database)
        let service = RecordService(database: database)
        let record = try await service.set(type, changes: changes, in: organization)
        let out = try await ProfileKind.printer(org: organization, service: service)
        if output.json {
            Console.printJSON(out.json(record))
        } else {
            Console.print(out.lines(record))
        }
    }
}
