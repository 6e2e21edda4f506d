import ArgumentParser
import Foundation
import StewardCore

struct EventsShow: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show every field of one event.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var org: OrganizationOption
    @OptionGroup var output: OutputOptions
    @OptionGroup var id: EventIDArgument

    func run() async throws {
        let eventID = try id.uuid()
        let database = try global.openDatabase()
        let organization = try await org.resolve(in: database)
        let event = try await EventLookup.find(eventID, in: organization, database: database)
        EventOutput.print(event, org: organization, json: output.json)
    }
}
