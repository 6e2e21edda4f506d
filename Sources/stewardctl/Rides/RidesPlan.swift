import ArgumentParser
import CommandLineSupport
import StewardCore
import Translation

/// `stewardctl rides plan --event ID [--json]`: the optimal plan as a diff against the plan in
/// force; nothing is changed.
struct RidesPlan: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Propose the best plan for an event's rides, shown as the changes to the plan in force (nothing is changed).",
        discussion: "The proposal seats the most passengers, then moves the fewest already seated, then has the least pickup distance. `rides accept` applies it.")

    @OptionGroup var arguments: RideEventArguments

    func run() async throws {
        let context = try await arguments.context()
        do {
            let (board, diff) = try await context.service.propose(event: context.event, occurrence: context.occurrence, in: context.org)
            if arguments.output.json {
                Console.printJSON(RideOutput.json(diff))
            } else {
                Console.print(RideOutput.lines(diff, board: board))
            }
        } catch let error as RideBoardError {
            throw CLIError.usage(error.description)
        }
    }
}

/// `stewardctl rides accept --event ID [--json]`: proposes and applies the plan at once.
struct RidesAccept: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "accept",
        abstract: "Apply the best plan for an event's rides (what `rides plan` shows) and print the changes made.")

    @OptionGroup var arguments: RideEventArguments

    func run() async throws {
        let context = try await arguments.context()
        do {
            let (board, diff) = try await context.service.propose(event: context.event, occurrence: context.occurrence, in: context.org)
            try await context.service.accept(diff, basis: board.plan, event: context.event, occurrence: context.occurrence, in: context.org)
            if arguments.output.json {
                Console.printJSON(RideOutput.json(diff))
            } else {
                Console.print(RideOutput.lines(diff, board: board))
            }
        } catch let error as RideBoardError {
            throw CLIError.usage(error.description)
        }
    }
}
