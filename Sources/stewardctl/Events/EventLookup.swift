import CommandLineSupport
import Foundation
import StewardCore
import Translation

/// Finding an event the user named by id, in the organization the command works in.
enum EventLookup {
    static func find(_ id: UUID, in org: Organization, database: AppDatabase) async throws -> Event {
        guard let event = try await EventService(database: database).event(id: id), event.orgId == org.id else {
            throw CLIError.failure(tr("no event with id {id} in {org}", ["id": id.uuidString.lowercased(), "org": org.slug]))
        }
        return event
    }
}
