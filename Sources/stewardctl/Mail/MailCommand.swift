import ArgumentParser

/// `stewardctl mail ...`: the organization's e-mail, sent through its own mail server.
struct MailCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mail",
        abstract: "Set up the organization's mail server, send a test message, and read the log of mail sent.",
        discussion: """
            Reminders to borrowers (`stewardctl loans remind`), approval decisions to submitters \
            and the Leads page's hand-offs to group leaders are sent through this server once it \
            is set; each message sent or tried is in `stewardctl mail log`. The settings stay in \
            this console's database and are never sent to the store.
            """,
        subcommands: [MailSet.self, MailShow.self, MailTest.self, MailLog.self])
}
