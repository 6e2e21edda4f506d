import ArgumentParser
import StewardCore

/// `stewardctl`: the Steward console's command-line tool, for scripts and for staff who prefer
/// a terminal. It works on the same database as the window and validates exactly as it does.
struct Stewardctl: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stewardctl",
        abstract: "Manage the organizations, events, bulletins, messages, giving funds and lending library of a Steward console from the command line.",
        discussion: """
            Exit status: 0 on success, 2 for invalid input or usage (the field at fault is named \
            on stderr, and nothing is changed), 1 for any other failure.
            """,
        version: StewardVersion.current,
        subcommands: [Orgs.self] + RecordKinds.commands + LibraryKinds.commands + PrizeKinds.commands + SurveyKinds.commands + CommunityKinds.commands
            + [IsbnCommand.self, ApprovalsCommand.self, MembersCommand.self, StampsCommand.self, CheckInCommand.self, LeaderboardCommand.self, PassportCommand.self, Demo.self, RemoteCommand.self, SignIn.self, SignOut.self,
               SyncCommand.self, ConflictsCommand.self, RejectedCommand.self, HistoryCommand.self, DumpCommand.self, CalendarCommand.self,
               MailCommand.self, BackupCommand.self, RestoreCommand.self, MediaCommand.self, ProfileCommand.self]
            + RideKinds.commands + [RidesCommand.self]
            + [ScheduleCommand.self] + GymContentKinds.commands + MinistryKinds.commands)

    @OptionGroup var global: GlobalOptions
}

struct Orgs: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List and add organizations, and choose their modules.",
        subcommands: [OrgsList.self, OrgsAdd.self, OrgsModules.self])
}

struct Demo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Fill the database with demonstration data.",
        subcommands: [DemoLoad.self])
}
