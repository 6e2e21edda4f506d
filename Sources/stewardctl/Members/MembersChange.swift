import ArgumentParser
import CommandLineSupport
import StewardCore
import Translation

/// `stewardctl members disable ID|EMAIL`
struct MembersDisable: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "disable", abstract: "Disable a member: once synced, they can no longer sign in or submit.")

    @OptionGroup var member: MemberArgument
    @OptionGroup var global: GlobalOptions
    @OptionGroup var org: OrganizationOption
    @OptionGroup var output: OutputOptions

    func run() async throws {
        try await MemberLookup.change(member.text, disabled: true, global: global, org: org, output: output)
    }
}

/// `stewardctl members enable ID|EMAIL`
struct MembersEnable: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "enable", abstract: "Enable a disabled member again.")

    @OptionGroup var member: MemberArgument
    @OptionGroup var global: GlobalOptions
    @OptionGroup var org: OrganizationOption
    @OptionGroup var output: OutputOptions

    func run() async throws {
        try await MemberLookup.change(member.text, disabled: false, global: global, org: org, output: output)
    }
}

/// `stewardctl members set-role ID|EMAIL ROLE`
struct MembersSetRole: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set-role",
        abstract: "Make a member a trusted organizer (their submissions skip the queue), or a member again.")

    @OptionGroup var member: MemberArgument
    @Argument(help: ArgumentHelp("member, or organizer (trusted-organizer is read too).", valueName: "role"))
    var role: String
    @OptionGroup var global: GlobalOptions
    @OptionGroup var org: OrganizationOption
    @OptionGroup var output: OutputOptions

    func run() async throws {
        guard let parsed = MemberRole(word: role) else {
            throw CLIError.usage(tr("role: must be member or organizer (got “{role}”)", ["role": role]))
        }
        try await MemberLookup.change(member.text, role: parsed, global: global, org: org, output: output)
    }
}
