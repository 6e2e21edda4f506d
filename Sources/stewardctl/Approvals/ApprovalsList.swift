import ArgumentParser
import CommandLineSupport
import StewardCore
import Translation

/// `stewardctl approvals list`: the queue, oldest first, or the submissions of one status.
struct ApprovalsList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List submissions, oldest first: the queue (pending and changes requested) unless --status says otherwise.")

    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("Only submissions with this status: \(SubmissionStatus.words.joined(separator: ", ")).",
                               valueName: "status"))
    var status: String?
    @Option(help: ArgumentHelp("Only submissions whose title, submitter or place has words starting like these.",
                               valueName: "text"))
    var search: String?
    @OptionGroup var org: OrganizationOption
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let statuses = try status.map { word -> Set<SubmissionStatus> in
            guard let status = SubmissionStatus(rawValue: word.trimmingCharacters(in: .whitespaces).lowercased()) else {
                throw CLIError.usage(tr("status: must be one of {words} (got “{word}”)",
                                        ["words": SubmissionStatus.words.joined(separator: ", "), "word": word]))
            }
            return [status]
        }
        let database = try global.openDatabase()
        let organization = try await org.resolve(in: database)
        let records = try await ApprovalService(database: database)
            .submissions(in: organization, statuses: statuses, search: search ?? "")
        if output.json {
            Console.printJSON(.array(records.map { ApprovalOutput.json($0, org: organization) }))
        } else if records.isEmpty {
            print(status.map { tr("No {status} submissions in {org}.", ["status": $0, "org": organization.slug]) }
                  ?? tr("Nothing waits for approval in {org}.", ["org": organization.slug]))
        } else {
            Console.print(ApprovalOutput.table(records, org: organization))
        }
    }
}
