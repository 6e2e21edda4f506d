import CommandLineSupport
import Foundation
import StewardCore

/// Finding an event the user named by id, in the organization the command works in.
enum EventLookup {
    static func find(_ id: UUID, in org: Organization, database: AppDatabase) async throws -> Event {
        guard let event = try await EventService(database: database).event(id: id), event.orgId == org.id else {
            throw CLIError.failure("no event with id \(id.uuidString.lowercased()) in \(org.slug)")
        }
        return event
    }
}
