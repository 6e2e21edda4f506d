import ArgumentParser
import CommandLineSupport
import StewardCore
import Translation

/// `stewardctl leads route ID --to GROUP [--team TEAM]`
struct LeadsRoute: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "route",
        abstract: "Route a lead to a community group's leader, a ministry team, or both.",
        discussion: """
            GROUP is the group's id, its name, or its leader's name (case does not matter); a \
            name several groups answer to is refused, listing them (exit status 2). TEAM is a \
            ministry team's id or name. `none` routes the lead to nobody yet (or to no team). \
            A group whose leader has an app account tells them in the app.
            """)

    @OptionGroup var id: RecordIDArgument<LeadKind>
    @Option(help: ArgumentHelp("The community group: its id, its name or its leader's name; none for nobody.", valueName: "group"))
    var to: String?
    @Option(help: ArgumentHelp("The ministry team: its id or its name; none for no team.", valueName: "team"))
    var team: String?
    @OptionGroup var move: LeadMoveArguments

    func validate() throws {
        if to == nil && team == nil { throw CLIError.usage("to: " + tr("give --to GROUP, --team TEAM or both")) }
    }

    func run() async throws {
        let leadId = try id.uuid()
        let wantedGroup = to, wantedTeam = team
        try await move.run { routing, service, org in
            var lead = try await RecordLookup.find(leadId, of: .lead, in: org, service: service)
            if let wantedGroup {
                if Self.isNone(wantedGroup) {
                    lead = try await routing.route(lead.id, to: nil, in: org)
                } else {
                    let groups = try await service.list(.communityGroup, in: org)
                    let group: LocalRecord
                    do {
                        group = try LeadRouting.group(named: wantedGroup, among: groups)
                    } catch let error as LeadRoutingError {
                        throw CLIError.usage("to: " + error.description)
                    }
                    lead = try await routing.route(lead.id, to: group.id, in: org)
                }
            }
            if let wantedTeam {
                if Self.isNone(wantedTeam) {
                    lead = try await routing.route(lead.id, toTeam: nil, in: org)
                } else {
                    let teams = try await service.list(.ministryTeam, in: org)
                    let team: LocalRecord
                    do {
                        team = try LeadRouting.team(named: wantedTeam, among: teams)
                    } catch let error as LeadRoutingError {
                        throw CLIError.usage("team: " + error.description)
                    }
                    lead = try await routing.route(lead.id, toTeam: team.id, in: org)
                }
            }
            return lead
        }
    }

    private static func isNone(_ text: String) -> Bool { text.trimmingCharacters(in: .whitespaces).lowercased() == "none" }
}
