import ArgumentParser
import CommandLineSupport
import StewardCore
import Translation

/// `stewardctl leads suggest ID`: the groups, then the teams, that fit a lead best, with why
/// (`LeadSuggestions`, as the Leads page ranks them).
struct LeadsSuggest: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "suggest",
        abstract: "The community groups and ministry teams that fit a lead best, with why.",
        discussion: """
            Groups first, then teams, each best first, from the lead's answers (gender, year, \
            area, free days and times, interests) and what each group says it suits. Groups for \
            the other gender and full groups are left out, as are teams closed to new people. \
            Route the lead with `leads route ID --to GROUP` or `--team TEAM`.
            """)

    @OptionGroup var id: RecordIDArgument<LeadKind>
    @OptionGroup var global: GlobalOptions
    @OptionGroup var org: OrganizationOption
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let database = try global.openDatabase()
        let organization = try await org.resolve(in: database)
        let service = RecordService(database: database)
        let lead = try await RecordLookup.find(try id.uuid(), of: .lead, in: organization, service: service)
        let ranked = LeadSuggestions.rank(lead: lead.fields, leadId: lead.id,
                                          groups: try await service.list(.communityGroup, in: organization),
                                          teams: try await service.list(.ministryTeam, in: organization),
                                          leads: try await service.list(.lead, in: organization))
        if output.json {
            Console.printJSON(.array(ranked.map { suggestion in
                var item: [String: JSONValue] = [
                    "kind": .string(suggestion.kind == .group ? "group" : "team"),
                    "id": .string(suggestion.id.uuidString.lowercased()), "name": .string(suggestion.label),
                    "score": .int(Int64(suggestion.score)), "reasons": .array(suggestion.reasons.map(JSONValue.string)),
                ]
                item["placesLeft"] = suggestion.placesLeft.map { .int(Int64($0)) } ?? .null
                return .object(item)
            }))
        } else if ranked.isEmpty {
            Console.print([tr("No group or team fits {name} now.", ["name": lead.fields["name"]?.stringValue ?? ""])])
        } else {
            Console.print(ranked.map { "\($0.label) (\($0.score)): \($0.reason)" })
        }
    }
}
