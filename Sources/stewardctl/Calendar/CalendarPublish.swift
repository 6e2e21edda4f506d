import ArgumentParser
import CommandLineSupport
import Foundation
import StewardCore
import Translation

/// `stewardctl calendar publish --caldav URL --user NAME --password-stdin`: keeps a CalDAV
/// calendar in step with the organization's events.
struct CalendarPublish: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "publish",
        abstract: "Keep a CalDAV calendar in step with the organization's events.",
        discussion: """
            Staff then see the events in GNOME Calendar, Thunderbird or a phone that subscribes \
            to that calendar. Each event is one resource, <URL>/<event-id>.ics (a repeating \
            event with its changed and cancelled dates); its UID is the one `events export` \
            writes. Only what changed since the last publish to that address is sent: new events \
            (PUT with If-None-Match: *), changed ones (PUT with If-Match), and the resources of \
            events removed since (DELETE with If-Match); the calendar is made (MKCALENDAR) when \
            it does not exist. An event changed or removed on the calendar server since the last \
            publish is not overwritten: it is reported, the rest is published, and the exit \
            status is 1; --force overwrites it. The password is the first line of standard \
            input. A plain http:// address is refused unless it is this computer or \
            --allow-insecure is given.

            Prints "Published to URL: 3 added, 1 updated, 2 removed, 40 unchanged", and a line \
            on stderr for each event not published. With --json: {"added":[ids], \
            "updated":[ids],"removed":[ids],"unchanged":count,"conflicts":[{"id":..,"title":..}], \
            "failures":[{"id":..,"title":..,"reason":..}],"url":..}.
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var org: OrganizationOption
    @OptionGroup var output: OutputOptions

    @Option(help: ArgumentHelp("The calendar's address on the CalDAV server, like https://calendar.example.org/office/events/ (http:// only for this computer, or with --allow-insecure).",
                               valueName: "url"))
    var caldav: String

    @Option(help: ArgumentHelp("The user name to sign in to the calendar server with.", valueName: "name"))
    var user: String?

    @Flag(help: "Read the user's password from standard input (its first line). Required with --user.")
    var passwordStdin = false

    @Flag(help: "Overwrite, and remove, events that were changed or removed on the calendar server since the last publish.")
    var force = false

    @OptionGroup var connection: ConnectionOptions

    func run() async throws {
        let collection: String
        do {
            collection = try CalDAVAddress.collection(caldav)
        } catch let error as CalDAVAddressError {
            throw CLIError.usage("caldav: " + error.description)
        }
        switch (user, passwordStdin) {
        case (.some, false):
            throw CLIError.usage("password-stdin: " + tr("is required with {option}: pipe the password in", ["option": "--user"]))
        case (nil, true):
            throw CLIError.usage("user: " + tr("is required with {option}", ["option": "--password-stdin"]))
        default:
            break
        }
        // Refused before the password is read: it would be sent in the clear.
        if user != nil, !connection.allowInsecure, Loopback.isUnencryptedOffLoopback(collection) {
            throw CLIError.usage("caldav: " + InsecureConnectionError(url: collection).cliDetail)
        }
        let database = try global.openDatabase()
        let organization = try await org.resolve(in: database)
        let password = passwordStdin ? PasswordPrompt.firstLine(of: FileHandle.standardInput.readDataToEndOfFile()) : ""
        let server = CalDAVClient(collectionURL: collection, user: user, password: password, security: connection.security)
        let result: CalendarPublishResult
        do {
            result = try await CalendarPublisher.publish(organization, database: database, collectionURL: collection,
                                                         server: server, force: force)
        } catch let error as CalDAVError {
            if case .insecure = error { throw CLIError.usage("caldav: " + error.description) }
            throw CLIError.failure(error.description)
        }
        if output.json {
            Console.printJSON(result.json)
        } else {
            print(result.summary)
        }
        for line in result.problemLines { Console.note(line) }
        guard result.succeeded else {
            let count = result.conflicts.count + result.failures.count
            throw CLIError.failure(result.conflicts.isEmpty
                ? trn("{count} event was not published", "{count} events were not published", count)
                : trn("{count} event was not published; {option} overwrites what was changed on the calendar server",
                      "{count} events were not published; {option} overwrites what was changed on the calendar server",
                      count, ["option": "--force"]))
        }
    }
}
