import ArgumentParser
import CommandLineSupport
import StewardCore
import Translation

/// `stewardctl leads state ID --set STATE`
struct LeadsState: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "state",
        abstract: "Move a lead to another state: new, contacted, joined or not-interested.",
        discussion: "A lead who joined must be routed to the group they joined first (exit status 2 otherwise).")

    @OptionGroup var id: RecordIDArgument<LeadKind>
    @Option(name: .customLong("set"), help: ArgumentHelp("The lead's new state.", valueName: "new|contacted|joined|not-interested"))
    var state: String
    @OptionGroup var move: LeadMoveArguments

    func run() async throws {
        let leadId = try id.uuid()
        guard let newState = LeadState(rawValue: state.trimmingCharacters(in: .whitespaces).lowercased()) else {
            throw CLIError.usage("set: " + tr("must be one of {words} (got \"{value}\")", ["words": LeadState.words, "value": state]))
        }
        try await move.run { routing, service, org in
            let lead = try await RecordLookup.find(leadId, of: .lead, in: org, service: service)
            return try await routing.setState(lead.id, to: newState, in: org)
        }
    }
}
