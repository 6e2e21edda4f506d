import ArgumentParser

/// `stewardctl members`: the app's members, as the store reported them at the last sync.
struct MembersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "members",
        abstract: "List and show the app's members; disable or enable them, and make trusted organizers.",
        discussion: """
            Members register in the app; this console learns of them at each sync. Changes are \
            sent by the next sync and applied by the store for admins only.
            """,
        subcommands: [MembersList.self, MembersShow.self, MembersDisable.self, MembersEnable.self, MembersSetRole.self])
}

/// The member a command names, by id or email.
struct MemberArgument: ParsableArguments {
    @Argument(help: ArgumentHelp("The member's id (as `stewardctl members list` prints it) or email.", valueName: "id"))
    var text: String
}
