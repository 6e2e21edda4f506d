import ArgumentParser
import Foundation
import StewardCore
import Translation

/// `stewardctl checkin code EVENT-ID [--json]`
struct CheckInCodeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "code",
        abstract: "Print the event's current check-in code and until when it is valid.",
        discussion: """
            Only once the store has the event's check-in key: until then a code would be refused \
            to every member who types it, so none is shown and the exit status is 2, saying so \
            (send the key with `stewardctl sync`).
            """)

    @Argument(help: ArgumentHelp("The event's id (as `stewardctl events list` prints it); it must give stamps.",
                                 valueName: "event-id"))
    var event: String
    @OptionGroup var global: GlobalOptions
    @OptionGroup var org: OrganizationOption
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let eventId = try PassportLookup.event(event)
        let database = try global.openDatabase()
        let organization = try await org.resolve(in: database)
        let current = try await CheckInKeys(database: database).occurrenceCodeTheStoreChecks(for: eventId, in: organization)
        if output.json {
            var object: [String: JSONValue] = ["code": .string(current.code), "validUntil": .string(DateTimeText.utc(current.validUntil))]
            // Only a repeating event's code names its date (each date has its own code).
            if let occurrence = current.occurrence { object["occurrence"] = .string(occurrence.occurrence) }
            Console.printJSON(.object(object))
        } else {
            print(tr("Check-in code: {code}", ["code": current.code]))
            if let occurrence = current.occurrence {
                print(tr("For the date starting {occurrence}", ["occurrence": occurrence.occurrence]))
            }
            print(tr("Valid until {time}", ["time": DateTimeText.local(current.validUntil, zone: organization.timeZone)]))
        }
    }
}
