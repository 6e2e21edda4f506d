import ArgumentParser
import CommandLineSupport
import StewardCore
import Translation

/// `stewardctl members show ID|EMAIL`
struct MembersShow: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show a member's profile.")

    @OptionGroup var member: MemberArgument
    @OptionGroup var global: GlobalOptions
    @OptionGroup var org: OrganizationOption
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let database = try global.openDatabase()
        let organization = try await org.resolve(in: database)
        let record = try await MemberLookup.find(member.text, in: organization, database: database)
        let out = RecordOutput(.member, org: organization)
        if output.json { Console.printJSON(out.json(record)) } else { Console.print(out.lines(record)) }
    }
}

enum MemberLookup {
    static func find(_ text: String, in org: Organization, database: AppDatabase) async throws -> LocalRecord {
        guard let record = try await ApprovalService(database: database).member(text, in: org) else {
            throw CLIError.failure(tr("no member {member} in {org} (see `stewardctl members list`)", ["member": text, "org": org.slug]))
        }
        return record
    }

    /// Changes a member and prints the result.
    static func change(_ text: String, role: MemberRole? = nil, disabled: Bool? = nil, global: GlobalOptions,
                       org: OrganizationOption, output: OutputOptions) async throws {
        let database = try global.openDatabase()
        let organization = try await org.resolve(in: database)
        let record = try await find(text, in: organization, database: database)
        let changed = try await ApprovalService(database: database)
            .changeMember(record.id, role: role, disabled: disabled, in: organization)
        let out = RecordOutput(.member, org: organization)
        if output.json { Console.printJSON(out.json(changed)) } else { Console.print(out.lines(changed)) }
    }
}
