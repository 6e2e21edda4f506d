import ArgumentParser
import StewardCore

struct EventsAdd: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add an event.",
        discussion: """
            Prints the new event, its id alone on the first line (in text mode) so scripts can \
            capture it. Input is checked exactly as the event editor checks it; when any field \
            is wrong, nothing is added and the field is named on stderr (exit status 2).
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var org: OrganizationOption
    @OptionGroup var output: OutputOptions
    @OptionGroup var input: RecordInputOption
    @OptionGroup(title: "Event fields") var fields: EventFieldOptions

    func run() async throws {
        let database = try global.openDatabase()
        let organization = try await org.resolve(in: database)
        var form = EventForm()
        try input.object().map(EventJSONInput.init)?.apply(to: &form)
        fields.apply(to: &form)
        let event = try await EventService(database: database).create(form, in: organization)
        if output.json {
            Console.printJSON(EventOutput.json(event, org: organization))
        } else {
            print(event.id.uuidString.lowercased())
            Console.print(Array(EventOutput.record(event, org: organization).dropFirst()))
        }
    }
}
