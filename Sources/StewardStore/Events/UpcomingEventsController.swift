import Foundation
import Hummingbird
import StewardCore

/// GET /v1/orgs/{org}/events/upcoming?limit=&calendar=: what the phone apps show (`calendar`:
/// only that calendar's events, `CalendarFilter`; for a member who chose a campus or ministry,
/// `me/campus`, only the events that concern it).
struct UpcomingEventsController {
    let repository: any StoreRepository

    static let defaultLimit = 100
    static let maxLimit = 500

    func addRoutes(to group: RouterGroup<StoreRequestContext>) {
        group.get("events/upcoming", use: upcoming)
    }

    /// Each occurrence of a series is an item of its own (`OccurrenceItems`): the series' id,
    /// the occurrence's own `startsAt`/`endsAt` and its original start as `occurrence`.
    @Sendable func upcoming(request: Request, context: StoreRequestContext) async throws -> JSONBody<UpcomingEventsResponse> {
        let grant = try context.requireGrant(members: true)
        let limit = try QueryLimit.parse(request.uri.queryParameters.get("limit"), default: Self.defaultLimit, max: Self.maxLimit)
        let calendar = try CalendarFilter.parse(request.uri.queryParameters.get("calendar"))
        let choice = try await CampusChoiceReads.choice(of: grant, repository: repository)
        let now = Date()
        var events = try await repository.liveRecords(org: grant.org, entity: RecordType.event.entity, notOverAt: Milliseconds.from(now),
                                                      limit: calendar == nil && choice.isEmpty ? limit : CalendarFilter.recordsRead)
        if let calendar { events = events.filter(calendar.keeps) }
        events = CampusChoiceReads.keeping(events, for: choice)
        let zone = try await repository.org(slug: grant.org).flatMap { TimeZone(identifier: $0.timeZone) } ?? .gmt
        return JSONBody(UpcomingEventsResponse(events: OccurrenceItems.upcoming(events, now: now, zone: zone, limit: limit)))
    }
}
