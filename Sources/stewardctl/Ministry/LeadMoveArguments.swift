import ArgumentParser
import CommandLineSupport
import Foundation
import StewardCore

/// What both lead moves share: the organization, the output, and printing the lead after it
/// as `leads show` does.
struct LeadMoveArguments: ParsableArguments {
    @OptionGroup var global: GlobalOptions
    @OptionGroup var org: OrganizationOption
    @OptionGroup var output: OutputOptions

    func run(_ move: (LeadRouting, RecordService, Organization) async throws -> LocalRecord) async throws {
        let database = try global.openDatabase()
        let organization = try await org.resolve(in: database)
        let service = RecordService(database: database)
        let lead = try await move(LeadRouting(records: service), service, organization)
        let out = try await RecordOutput.load(.lead, org: organization, service: service)
        if output.json {
            Console.printJSON(out.json(lead))
        } else {
            Console.print(out.lines(lead))
        }
    }
}
