import ArgumentParser

/// `steward-store calendar-feed`: the addresses calendar apps subscribe to.
struct CalendarFeedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calendar-feed",
        abstract: "Manage calendar subscription feeds (iCalendar addresses calendar apps poll).",
        subcommands: [CalendarFeedCreateCommand.self, CalendarFeedListCommand.self, CalendarFeedRevokeCommand.self]
    )
}
