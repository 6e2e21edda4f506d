import ArgumentParser

/// `stewardctl calendar`: the organization's events in calendar programs.
struct CalendarCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calendar",
        abstract: "Publish the organization's events to a calendar server (CalDAV).",
        subcommands: [CalendarPublish.self])
}
