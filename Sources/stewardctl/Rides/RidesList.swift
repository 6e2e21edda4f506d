import ArgumentParser
import StewardCore
import Translation

/// `stewardctl rides list --event ID [--json]`: drivers with seats left per leg, passengers
/// waiting, and the plan.
struct RidesList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Show an event's ride board: drivers with seats left per leg, passengers waiting, and the plan.")

    @OptionGroup var arguments: RideEventArguments

    func run() async throws {
        let context = try await arguments.context()
        let board = try await context.service.board(event: context.event, occurrence: context.occurrence, in: context.org)
        if arguments.output.json {
            Console.printJSON(RideOutput.json(board))
        } else {
            Console.print(RideOutput.lines(board))
        }
    }
}
