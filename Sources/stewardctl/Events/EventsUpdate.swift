import CommandLineSupport
import ArgumentParser
import StewardCore
import Translation

struct EventsUpdate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "update",
        abstract: "Change some fields of an event.",
        discussion: """
            Only the fields given change (`update ID --title X` changes only the title); an \
            empty value clears a field. The result is checked as the event editor checks it; \
            when any field is wrong, nothing changes and the field is named on stderr (exit \
            status 2). `--input FILE` (- for standard input) takes the fields to change as \
            one JSON object, as `events show --json` prints them; field options given too \
            override it.
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var org: OrganizationOption
    @OptionGroup var output: OutputOptions
    @OptionGroup var id: EventIDArgument
    @OptionGroup var input: RecordInputOption
    @OptionGroup(title: "Event fields") var fields: EventFieldOptions

    func run() async throws {
        let eventID = try id.uuid()
        // Read before the database is opened: unreadable input changes nothing.
        let inputFields = try input.object().map(EventJSONInput.init)
        if fields.isEmpty && inputFields == nil {
            throw CLIError.usage("update: " + tr("give at least one field option to change, like {option}, or --input (see `{command}`)",
                                                 ["option": "--title", "command": "stewardctl events update --help"]))
        }
        let database = try global.openDatabase()
        let organization = try await org.resolve(in: database)
        let stored = try await EventLookup.find(eventID, in: organization, database: database)
        var form = EventForm(stored.details, organizationZone: organization.timeZone)
        try inputFields?.apply(to: &form)
        fields.apply(to: &form)
        // Values the same as the stored ones are no edit: nothing is written or sent.
        let details = try form.validate(organizationZone: organization.timeZone)
        let event = details == stored.details
            ? stored
            : try await EventService(database: database).update(eventID, with: form, in: organization)
        if output.json {
            Console.printJSON(EventOutput.json(event, org: organization))
        } else {
            Console.print(EventOutput.record(event, org: organization))
        }
    }
}
