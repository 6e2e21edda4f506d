import Foundation
import Hummingbird
import StewardCore

/// GET /v1/orgs/{org}/calendar.ics?key=…: the organization's events as an iCalendar feed for
/// calendar apps (GNOME Calendar, Thunderbird, phones), which poll an address and cannot send
/// a token. The key names a feed `steward-store calendar-feed create` made; a wrong, revoked or
/// other organization's key is answered 404 as a missing organization is, so the answer tells
/// nothing. The feed is what members may see of events (for one audience when the feed names
/// one), with an entity tag and Last-Modified for 304s.
struct CalendarFeedController {
    let repository: any StoreRepository

    func addRoutes(to group: RouterGroup<StoreRequestContext>) {
        group.get("calendar.ics", use: feed)
    }

    @Sendable func feed(request: Request, context: StoreRequestContext) async throws -> ConditionalBody {
        let org = context.parameters.get("org") ?? ""
        let missing = StoreHTTPError.notFound("there is no calendar at this address")
        guard OrgSlug.isValid(org), let key = request.uri.queryParameters.get("key"), !key.isEmpty, key.count <= 200,
              let feed = try await repository.calendarFeed(forHash: BearerToken.hash(key)),
              feed.org == org, feed.revokedAt == nil,
              let info = try await repository.org(slug: org) else { throw missing }
        let zone = TimeZone(identifier: info.timeZone) ?? .gmt
        let entity = RecordType.event.entity
        let records = try await repository.liveRecords(org: org, entity: entity)
        let lastChange = try await repository.lastChange(org: org, entity: entity).map(Milliseconds.date) ?? Date(timeIntervalSince1970: 0)
        let audience = feed.audience?.lowercased()
        let events = records.compactMap { record -> Event? in
            guard let details = try? EventDetails(syncFields: record.fields), let id = UUID(uuidString: record.id) else { return nil }
            if let audience, !details.audience.isEmpty, !details.audience.contains(audience) { return nil }
            return Event(id: id, orgId: UUID(), version: record.version, updatedAt: lastChange, details: details)
        }
        // Stamped with the last change, not the time asked: the same events give the same bytes.
        let text = EventCalendarExport.calendar(events, name: info.name, orgZone: zone, now: lastChange, lastModified: false)
        return ConditionalBody(data: Data(text.utf8), contentType: "text/calendar; charset=utf-8",
                               cacheControl: "private, no-cache", lastModified: lastChange)
    }

    /// The feed's address for a key, as `calendar-feed create` prints it.
    static func path(org: String, key: String) -> String {
        "/v1/orgs/\(org)/calendar.ics?key=\(key)"
    }
}
