import ArgumentParser
import CommandLineSupport
import StewardCore
import Translation

/// `stewardctl leads route ID --to GROUP`
struct LeadsRoute: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "route",
        abstract: "Route a lead to a community group's leader.",
        discussion: """
            GROUP is the group's id, its name, or its leader's name (case does not matter); a \
            name several groups answer to is refused, listing them (exit status 2). `--to none` \
            routes the lead to nobody yet.
            """)

    @OptionGroup var id: RecordIDArgument<LeadKind>
    @Option(help: ArgumentHelp("The community group: its id, its name or its leader's name; none for nobody.", valueName: "group"))
    var to: String
    @OptionGroup var move: LeadMoveArguments

    func run() async throws {
        let leadId = try id.uuid()
        let wanted = to
        try await move.run { routing, service, org in
            let lead = try await RecordLookup.find(leadId, of: .lead, in: org, service: service)
            guard wanted.trimmingCharacters(in: .whitespaces).lowercased() != "none" else {
                return try await routing.route(lead.id, to: nil, in: org)
            }
            let groups = try await service.list(.communityGroup, in: org)
            let group: LocalRecord
            do {
                group = try LeadRouting.group(named: wanted, among: groups)
            } catch let error as LeadRoutingError {
                throw CLIError.usage("to: " + error.description)
            }
            return try await routing.route(lead.id, to: group.id, in: org)
        }
    }
}
