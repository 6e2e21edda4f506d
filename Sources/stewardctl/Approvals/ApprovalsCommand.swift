import ArgumentParser

/// `stewardctl approvals`: the queue of what app members submitted, and the decisions on it.
struct ApprovalsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "approvals",
        abstract: "List the events members submitted, approve, reject or request changes, and show a submission's trail.",
        discussion: """
            Decisions are kept on this console and sent by the next sync, like any edit; the \
            store applies each one against the version it was made on, so when someone else \
            decided first the decision comes back as a conflict (`stewardctl conflicts list`). \
            A reason is required to reject or to request changes: a stock reason \
            (`stewardctl reasons list`) or your own words.
            """,
        subcommands: [ApprovalsList.self, ApprovalsApprove.self, ApprovalsReject.self, ApprovalsRequestChanges.self,
                      ApprovalsTrail.self])
}
