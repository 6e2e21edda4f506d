import ArgumentParser

/// `stewardctl checkin`: the rotating codes members type to check in at an event.
struct CheckInCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "checkin",
        abstract: "Show the current check-in code of an event, as the store verifies it.",
        discussion: """
            Codes change every 5 minutes and are accepted from 30 minutes before an event starts \
            to 30 minutes after it ends. The event's key is made with the event when it is given \
            stamps and sent with it by the next sync; a code is shown only once the store has \
            the key.
            """,
        subcommands: [CheckInCodeCommand.self])
}
