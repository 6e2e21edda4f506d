import ArgumentParser
import CommandLineSupport
import StewardCore
import Translation

/// `stewardctl approvals trail ID`: every move of a submission, oldest first.
struct ApprovalsTrail: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trail",
        abstract: "Show a submission's decision trail: who moved it from what to what, when, why, and on which version.",
        discussion: "The trail is the store's, as the last sync brought it; decisions not yet sent are not in it.")

    @Argument(help: ArgumentHelp("The submission's id (as `stewardctl approvals list` prints it).", valueName: "id"))
    var id: String
    @OptionGroup var global: GlobalOptions
    @OptionGroup var org: OrganizationOption
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let uuid = try RecordLookup.id(id, of: .submission)
        let database = try global.openDatabase()
        let organization = try await org.resolve(in: database)
        let record = try await RecordLookup.find(uuid, of: .submission, in: organization, service: RecordService(database: database))
        let trail = SubmissionRecord(fields: record.fields).trail
        if output.json {
            Console.printJSON(.array(trail.map(ApprovalOutput.trailJSON)))
            return
        }
        var table = Table(trc("table heading", "WHEN"), trc("table heading", "MOVE"), trc("table heading", "BY"),
                          trc("table heading", "REASON"), trc("table heading", "BASED ON"))
        for entry in trail { table.append(ApprovalOutput.trailLine(entry, org: organization)) }
        Console.print(table.lines)
    }
}
