import Foundation
import Hummingbird
import StewardCore

/// GET /v1/orgs/{org}/classes?from=YYYY-MM-DD&to=YYYY-MM-DD: the gym's classes starting on
/// those days (the gym's days; `to` counts whole), soonest first, with any token of the
/// organization (readers included), as the apps read the other records: `{"entity":
/// "gymClass", "from", "to", "items": [{"id", "version", …fields}]}` with an entity tag. A class
/// the booking service dropped is left out; cancelled ones are in, marked.
struct ClassScheduleController {
    let repository: any StoreRepository
    let cache: MemberReadCache

    /// At most two months a request, so one answer stays small.
    static let longestSpanDays = 62
    /// A busy studio's two months, with room to spare.
    static let maxItems = 5_000

    func addRoutes(to group: RouterGroup<StoreRequestContext>) {
        group.get(RouterPath(RecordType.gymClass.commandName), use: classes)
    }

    @Sendable func classes(request: Request, context: StoreRequestContext) async throws -> ConditionalBody {
        let grant = try context.requireGrant(members: true)
        let query = request.uri.queryParameters
        let range = try DayRange(from: query.get("from"), to: query.get("to"), longestSpanDays: Self.longestSpanDays)
        let (from, to) = (range.from, range.to)
        guard let org = try await MemberReadCache.organization(grant.org, context: context, repository: repository) else { throw StoreFailure.unknownOrg(grant.org) }
        // One answer per span for every reader: classes are not tagged by campus.
        let key = MemberReadCache.Key(org: grant.org, endpoint: RecordType.gymClass.commandName,
                                      query: "\(from)/\(to)")
        let answer = try await cache.answer(key, at: MemberReadCache.Version(org)) {
            try await answerBody(org: org, from: from, to: to)
        }
        return ConditionalBody(answer, contentType: "application/json; charset=utf-8", cacheControl: "private, no-cache")
    }

    private func answerBody(org: OrgInfo, from: LocalDate, to: LocalDate) async throws -> Data {
        let zone = TimeZone(identifier: org.timeZone) ?? .gmt
        let type = RecordType.gymClass
        let records = try await repository.liveRecords(
            org: org.slug, entity: type.entity,
            startingFrom: Milliseconds.from(from.startOfDay(in: zone)),
            before: Milliseconds.from(to.adding(days: 1).startOfDay(in: zone)), limit: Self.maxItems)
        let now = Date()
        let visible = records.filter { type.isVisibleToMembers($0.fields, now: now) }
        let body = JSONValue.object([
            "entity": .string(type.entity),
            "from": .string(from.description),
            "to": .string(to.description),
            "items": .array(visible.map { MemberRecords.item($0, of: type, titles: [:]) }),
        ])
        return Data(body.canonicalBytes)
    }
}
