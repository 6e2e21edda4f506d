import ArgumentParser

/// `stewardctl redemptions`: prizes handed to members. Claims are only ever added.
struct RedemptionsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "redemptions",
        abstract: "Record that a member got a prize, and list the prizes handed out.",
        discussion: """
            A redemption is refused unless the member has the prize's level and the prize is \
            available, in stock and under its limit per member; the store checks again when it \
            arrives, so two consoles cannot hand out the last item twice. Redemptions are never \
            changed or deleted; they are sent by the next sync.
            """,
        subcommands: [RedemptionsAdd.self, RedemptionsList.self])
}
