import ArgumentParser
import StewardCore
import Translation

struct EventsRemove: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove an event.",
        discussion: "The event disappears from every list; the members' apps learn of the removal at the next sync.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var org: OrganizationOption
    @OptionGroup var output: OutputOptions
    @OptionGroup var id: EventIDArgument

    func run() async throws {
        let eventID = try id.uuid()
        let database = try global.openDatabase()
        let organization = try await org.resolve(in: database)
        _ = try await EventLookup.find(eventID, in: organization, database: database)
        let event = try await EventService(database: database).delete(eventID, in: organization)
        if output.json {
            Console.printJSON(EventOutput.json(event, org: organization))
        } else {
            print(tr("Removed {id}: {title} ({when})",
                     ["id": event.id.uuidString.lowercased(), "title": event.details.title,
                      "when": EventTimingText.describe(event.details.timing, orgZone: organization.timeZone)]))
        }
    }
}
