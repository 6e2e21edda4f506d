import Foundation
import Hummingbird
import StewardCore

/// GET /v1/orgs/{org}/events/upcoming?limit=&calendar=: what the phone apps show (`calendar`:
/// only that calendar's events, `CalendarFilter`; for a member who chose a campus or ministry,
/// `me/campus`, only the events that concern it), with an entity tag so that apps polling an
/// unchanged list get a 304.
struct UpcomingEventsController {
    let repository: any StoreRepository
    let cache: MemberReadCache

    static let defaultLimit = 100
    static let maxLimit = 500

    func addRoutes(to group: RouterGroup<StoreRequestContext>) {
        group.get("events/upcoming", use: upcoming)
    }

    /// Each occurrence of a series is an item of its own (`OccurrenceItems`): the series' id,
    /// the occurrence's own `startsAt`/`endsAt` and its original start as `occurrence`.
    @Sendable func upcoming(request: Request, context: StoreRequestContext) async throws -> ConditionalBody {
        let grant = try context.requireGrant(members: true)
        let limit = try QueryLimit.parse(request.uri.queryParameters.get("limit"), default: Self.defaultLimit, max: Self.maxLimit)
        let calendar = try CalendarFilter.parse(request.uri.queryParameters.get("calendar"))
        guard let org = try await MemberReadCache.organization(grant.org, context: context, repository: repository) else { throw StoreFailure.unknownOrg(grant.org) }
        // Kept per member (their campus choice shapes the list) and per query. The list also
        // changes as events end, which no write marks: the cache's expiry covers that.
        let key = MemberReadCache.Key(org: grant.org, endpoint: "events/upcoming",
                                      query: "\(limit)/\(request.uri.queryParameters.get("calendar") ?? "")",
                                      reader: MemberReadKey.reader(of: grant))
        let answer = try await cache.answer(key, at: MemberReadCache.Version(org)) {
            try await answerBody(org: org, grant: grant, limit: limit, calendar: calendar)
        }
        return ConditionalBody(answer, contentType: "application/json; charset=utf-8", cacheControl: "private, no-cache")
    }

    private func answerBody(org: OrgInfo, grant: AccessGrant, limit: Int, calendar: CalendarFilter?) async throws -> Data {
        let choice = try await CampusChoiceReads.choice(of: grant, repository: repository)
        let now = Date()
        var events = try await repository.liveRecords(org: org.slug, entity: RecordType.event.entity, notOverAt: Milliseconds.from(now),
                                                      limit: calendar == nil && choice.isEmpty ? limit : CalendarFilter.recordsRead)
        if let calendar { events = events.filter(calendar.keeps) }
        events = CampusChoiceReads.keeping(events, for: choice)
        let zone = TimeZone(identifier: org.timeZone) ?? .gmt
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let items = OccurrenceItems.upcoming(events, now: now, zone: zone, limit: limit)
        let media = try await MemberMediaLinks.load(for: items, of: .event, org: org.slug, repository: repository)
        return try encoder.encode(UpcomingEventsResponse(events: items.map { media.adding(to: $0, of: .event) }))
    }
}
