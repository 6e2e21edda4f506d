import ArgumentParser
import CommandLineSupport
import StewardCore
import Translation

/// `stewardctl TYPE list`: the organization's records of one type, in the type's order.
struct RecordList<Kind: RecordKind>: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "list",
            abstract: "List an organization's \(Kind.type.helpPluralNoun), optionally narrowed by a search.")
    }

    @OptionGroup var global: GlobalOptions
    @OptionGroup var org: OrganizationOption
    @OptionGroup var output: OutputOptions

    @Option(help: ArgumentHelp(Self.searchHelp, valueName: "text"))
    var search: String?

    @OptionGroup var order: Kind.ListOrder

    @Option(help: ArgumentHelp("List at most this many \(Kind.type.helpPluralNoun).", valueName: "n"))
    var limit: Int?

    /// Names the fields the search looks in, from the declaration.
    private static var searchHelp: String {
        let fields = Kind.type.fields.filter(\.isSearchable).map { $0.declaredLabel.english.lowercased() }
        let named = fields.count > 1 ? fields.dropLast().joined(separator: ", ") + " or " + fields.last! : fields.joined()
        return "Only \(Kind.type.helpPluralNoun) whose \(named) has words starting like these."
    }

    func run() async throws {
        if let limit, limit < 0 { throw CLIError.usage("limit: " + tr("must be 0 or more (got {value})", ["value": String(limit)])) }
        let type = Kind.type
        let database = try global.openDatabase()
        let organization = try await org.resolve(in: database)
        let (shown, total) = try await order.records(type, search: search ?? "", limit: limit, in: organization, database: database)
        let out = try await Kind.printer(org: organization, service: RecordService(database: database))

        if output.json {
            Console.printJSON(.array(shown.map { out.json($0) }))
            return
        }
        if shown.isEmpty {
            print(search.map { tr("No {things} in {org} match \"{search}\".",
                                  ["things": type.pluralNoun, "org": organization.slug, "search": $0]) }
                  ?? tr("No {things} in {org}.", ["things": type.pluralNoun, "org": organization.slug]))
            return
        }
        Console.print(out.table(shown))
        if shown.count < total {
            print(tr("({shown} of {count} {things}; raise --limit to see more)",
                     ["shown": String(shown.count), "count": String(total), "things": type.pluralNoun]))
        }
    }
}
