import ArgumentParser
import CommandLineSupport
import StewardCore
import Translation

/// `stewardctl rides assign --event ID --request ID --offer ID --leg to|from`
struct RidesAssign: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "assign",
        abstract: "Seat a passenger with a driver on one leg, by hand.",
        discussion: "Refused with status 2, naming the rule, when the pickup is out of the driver's radius, the times differ by more than the event allows, a gender preference does not hold, the driver has no seat left on that leg, or the passenger already has a driver on it.")

    @OptionGroup var arguments: RideEventArguments
    @Option(help: ArgumentHelp("The passenger's ride request id (see `stewardctl rides list`).", valueName: "id"))
    var request: String
    @Option(help: ArgumentHelp("The driver's ride offer id.", valueName: "id"))
    var offer: String
    @Option(help: ArgumentHelp("to (the event) or from (the event).", valueName: "to|from"))
    var leg: String

    func run() async throws {
        let leg = try RideLegOption.parse(leg)
        let context = try await arguments.context()
        do {
            let record = try await context.service.assign(request: request, offer: offer, leg: leg, event: context.event, occurrence: context.occurrence, in: context.org)
            if arguments.output.json {
                Console.printJSON(.object(["id": .string(record.key), "request": .string(request.lowercased()),
                                           "offer": .string(offer.lowercased()), "leg": .string(leg.rawValue)]))
            } else {
                print(record.key)
            }
        } catch let error as RideBoardError {
            throw CLIError.usage(error.description)
        }
    }
}

/// `stewardctl rides unassign --event ID --request ID --leg to|from`
struct RidesUnassign: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unassign",
        abstract: "Take a passenger out of their driver's car on one leg; they wait again.")

    @OptionGroup var arguments: RideEventArguments
    @Option(help: ArgumentHelp("The passenger's ride request id.", valueName: "id"))
    var request: String
    @Option(help: ArgumentHelp("to (the event) or from (the event).", valueName: "to|from"))
    var leg: String

    func run() async throws {
        let leg = try RideLegOption.parse(leg)
        let context = try await arguments.context()
        do {
            try await context.service.unassign(request: request, leg: leg, event: context.event, occurrence: context.occurrence, in: context.org)
        } catch let error as RideBoardError {
            throw CLIError.usage(error.description)
        }
    }
}
