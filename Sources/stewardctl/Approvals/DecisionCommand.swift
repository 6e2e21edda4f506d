import ArgumentParser
import CommandLineSupport
import Foundation
import StewardCore
import StewardCredentials
import Translation

/// What approve, reject and request-changes share: the ids, the reason, and the decision.
struct DecisionArguments: ParsableArguments {
    @OptionGroup var global: GlobalOptions
    @OptionGroup var org: OrganizationOption
    @OptionGroup var output: OutputOptions

    @Flag(help: "Do not e-mail the decision to the submitter (by default it is, when mail is set up: `stewardctl mail set`).")
    var noMail = false

    /// Makes the decision on every submission of `ids`, all or none, and prints them.
    func decide(_ ids: [String], to status: SubmissionStatus, reason: String?) async throws {
        let reason = reason?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        if status != .approved && reason.isEmpty {
            throw CLIError.usage(status == .rejected
                ? tr("--reason: is required to reject; give a stock reason (`stewardctl reasons list`) or your own words")
                : tr("--reason: is required to request changes; give a stock reason (`stewardctl reasons list`) or your own words"))
        }
        if reason.count > ApprovalRules.maxReasonLength {
            throw CLIError.usage(tr("--reason: must be at most {count} characters long", ["count": String(ApprovalRules.maxReasonLength)]))
        }
        let uuids = try ids.map { try RecordLookup.id($0, of: .submission) }
        let database = try global.openDatabase()
        let organization = try await org.resolve(in: database)
        let decided: [LocalRecord]
        do {
            decided = try await ApprovalService(database: database).decide(uuids, to: status, reason: reason, in: organization)
        } catch let refusal as ApprovalRefusal {
            throw CLIError.usage(tr("submission {refusal}; nothing was changed", ["refusal": refusal.description]))
        }
        if output.json {
            Console.printJSON(.array(decided.map { ApprovalOutput.json($0, org: organization) }))
        } else {
            for record in decided {
                print(tr("{status}: {id} “{title}” (sent with the next sync)",
                         ["status": status.title, "id": record.key, "title": RecordType.submission.title(of: record.fields)]))
            }
        }
        if !noMail { try await mailDecisions(decided, status: status, reason: reason, in: organization, database: database) }
    }

    /// The decision to each submitter by e-mail when mail is set up; each result on stderr
    /// (stdout stays what it was), a warning for each not sent. The decisions stand either way.
    private func mailDecisions(_ decided: [LocalRecord], status: SubmissionStatus, reason: String, in organization: Organization,
                               database: AppDatabase) async throws {
        let mail = MailService(database: database, credentials: LazyCredentialStore())
        for entry in try await DecisionMail.send(decided, status: status, reason: reason, in: organization, mail: mail) {
            if let error = entry.error {
                Console.warn(tr("the decision was not e-mailed to {address}: {reason}", ["address": entry.recipient, "reason": error]))
            } else {
                Console.note(tr("E-mailed the decision to {address}", ["address": entry.recipient]))
            }
        }
    }
}

/// `stewardctl approvals approve ID...`
struct ApprovalsApprove: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "approve",
        abstract: "Approve one or more submissions: members see the events once the store has them.")

    @Argument(help: ArgumentHelp("The submissions' ids (as `stewardctl approvals list` prints them).", valueName: "id"))
    var ids: [String]
    @Option(help: ArgumentHelp("A note kept with the decision and shown to the submitter (optional).", valueName: "text"))
    var reason: String?
    @OptionGroup var decision: DecisionArguments

    func run() async throws {
        try await decision.decide(ids, to: .approved, reason: reason)
    }
}

/// `stewardctl approvals reject ID --reason TEXT`
struct ApprovalsReject: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reject",
        abstract: "Reject a submission, with a reason; it is kept, never deleted.")

    @Argument(help: ArgumentHelp("The submission's id (as `stewardctl approvals list` prints it).", valueName: "id"))
    var id: String
    @Option(help: ArgumentHelp("Why, as the submitter reads it (required).", valueName: "text"))
    var reason: String?
    @OptionGroup var decision: DecisionArguments

    func run() async throws {
        try await decision.decide([id], to: .rejected, reason: reason)
    }
}

/// `stewardctl approvals request-changes ID --reason TEXT`
struct ApprovalsRequestChanges: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "request-changes",
        abstract: "Ask the submitter to change a submission, saying what (required); their edit puts it back in the queue.")

    @Argument(help: ArgumentHelp("The submission's id (as `stewardctl approvals list` prints it).", valueName: "id"))
    var id: String
    @Option(help: ArgumentHelp("What to change, as the submitter reads it (required).", valueName: "text"))
    var reason: String?
    @OptionGroup var decision: DecisionArguments

    func run() async throws {
        try await decision.decide([id], to: .changesRequested, reason: reason)
    }
}
