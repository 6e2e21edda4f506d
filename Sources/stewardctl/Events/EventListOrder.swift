import ArgumentParser
import StewardCore

/// `events list --sort title --descending`: the orders the events page offers, read through the
/// event table's indexes (only the events shown are read).
struct EventListOrder: RecordListOrder {
    @Option(help: "The order of the list.")
    var sort: EventSortKey = .starts

    @Flag(help: "List in descending order (latest, or Z to A, first).")
    var descending = false

    func records(_ type: RecordType, search: String, limit: Int?, in org: Organization,
                 database: AppDatabase) async throws -> (shown: [LocalRecord], total: Int) {
        let query = EventQuery(orgId: org.id, search: search, sort: sort, ascending: !descending)
        let page = try await EventService(database: database).events(for: query, limit: limit)
        return (page.events.map(\.localRecord), page.total)
    }
}
