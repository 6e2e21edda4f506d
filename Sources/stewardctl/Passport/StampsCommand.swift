import ArgumentParser

/// `stewardctl stamps`: the passport's stamp ledger. Entries are only ever added: a grant, or a
/// revocation that reverses an earlier entry; the generic add/update/remove commands do not
/// apply.
struct StampsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stamps",
        abstract: "Grant and revoke passport stamps, list the ledger, and grant in bulk from a CSV of e-mails.",
        discussion: """
            The ledger is append-only: a mistake is undone by revoking the entry, which adds a \
            reversing entry; nothing is edited or deleted. One stamp per member per event. \
            Entries are sent by the next sync.
            """,
        subcommands: [StampsGrant.self, StampsRevoke.self, StampsList.self, StampsImport.self])
}
