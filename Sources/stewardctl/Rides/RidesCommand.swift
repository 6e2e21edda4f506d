import ArgumentParser

/// `stewardctl rides`: ride sharing to an event's legs.
struct RidesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rides",
        abstract: "Assign passengers to drivers for ride sharing, seating the most people.",
        subcommands: [RidesSolve.self, RidesList.self, RidesAssign.self, RidesUnassign.self, RidesPlan.self, RidesAccept.self])
}
