import Foundation
import Hummingbird
import StewardCore

/// GET /v1/orgs/{org}/events?from=YYYY-MM-DD&to=YYYY-MM-DD: the occurrences of events that
/// start on those days (the organization's days; `to` counts whole), soonest first, at most a
/// year and a day at a time, with any token of the organization: `{"items": [...]}`, each item
/// shaped as `events/upcoming` gives them (a series' occurrence with the series' id, its own
/// `startsAt`/`endsAt` and `occurrence`), with an entity tag (304 when unchanged). With
/// `calendar=<id>`, only that calendar's events (`CalendarFilter`); for a member who chose a
/// campus or ministry (`me/campus`), only the events that concern it.
struct EventRangeController {
    let repository: any StoreRepository

    static let longestSpanDays = 366
    /// Records read for a range: a year of a busy parish with room to spare.
    static let maxRecords = 20_000

    func addRoutes(to group: RouterGroup<StoreRequestContext>) {
        group.get(RouterPath(RecordType.event.commandName), use: range)
    }

    @Sendable func range(request: Request, context: StoreRequestContext) async throws -> ConditionalBody {
        let grant = try context.requireGrant(members: true)
        let query = request.uri.queryParameters
        let range = try DayRange(from: query.get("from"), to: query.get("to"), longestSpanDays: Self.longestSpanDays)
        let calendar = try CalendarFilter.parse(query.get("calendar"))
        guard let org = try await repository.org(slug: grant.org) else { throw StoreFailure.unknownOrg(grant.org) }
        let zone = TimeZone(identifier: org.timeZone) ?? .gmt
        let (start, end) = range.interval(in: zone)
        let entity = RecordType.event.entity
        // Those that start in the range, and series that started before it and are not over.
        let starting = try await repository.liveRecords(org: grant.org, entity: entity, startingFrom: Milliseconds.from(start),
                                                        before: Milliseconds.from(end), limit: Self.maxRecords)
        let running = try await repository.liveRecords(org: grant.org, entity: entity, notOverAt: Milliseconds.from(start),
                                                       limit: Self.maxRecords)
        var byId: [String: RemoteRecord] = [:]
        let choice = try await CampusChoiceReads.choice(of: grant, repository: repository)
        for record in starting + running where (calendar?.keeps(record) ?? true) && (choice.isEmpty || choice.concerns(record.fields)) {
            byId[record.id] = record
        }
        let items = OccurrenceItems.starting(Array(byId.values), from: start, to: end, zone: zone)
        let media = try await MemberMediaLinks.load(for: items, of: .event, org: grant.org, repository: repository)
        let body = JSONValue.object(["items": .array(items.map { media.adding(to: $0, of: .event).json })])
        return ConditionalBody(data: Data(body.canonicalBytes), contentType: "application/json; charset=utf-8",
                               cacheControl: "private, no-cache")
    }
}
