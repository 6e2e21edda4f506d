import ArgumentParser

/// `stewardctl redemptions`: prizes handed to members. Records are only ever added; a claim
/// made in error is undone by a reversing record.
struct RedemptionsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "redemptions",
        abstract: "Record that a member got a prize, and list the prizes handed out.",
        discussion: """
            A redemption is refused unless the member has the prize's level and the prize is \
            available, in stock and under its limit per member; the store checks again when it \
            arrives, so two consoles cannot hand out the last item twice. Redemptions are never \
            changed or deleted: one made in error is undone by a reversing record with a note, \
            and the item returns to stock. They are sent by the next sync.
            """,
        subcommands: [RedemptionsAdd.self, RedemptionsList.self, RedemptionsUndo.self])
}
