import Foundation
import Hummingbird
import StewardCore

/// `GET /v1/orgs/{org}/leaderboard?limit=&offset=`: the passport's leaderboard for the app,
/// read from the store's totals (`stamp_totals`), so a page answers in milliseconds however
/// long the ledger. Any role; for a member's token the answer also says where that member
/// stands (`me`), even when they are not on the page, since that is what a member looks for.
struct LeaderboardController {
    let repository: any StoreRepository

    static let defaultLimit = 50
    static let maxLimit = 200

    func addRoutes(to group: RouterGroup<StoreRequestContext>) {
        group.get("leaderboard", use: leaderboard)
    }

    @Sendable func leaderboard(request: Request, context: StoreRequestContext) async throws -> Response {
        let grant = try context.requireGrant(members: true)
        let query = request.uri.queryParameters
        let limit = try QueryLimit.parse(query.get("limit"), default: Self.defaultLimit, max: Self.maxLimit)
        let offset = try QueryOffset.parse(query.get("offset"))
        let levels = try await StorePassportLevels.of(org: grant.org, repository: repository)
        // One more than the page says whether another page follows.
        let rows = try await repository.leaderboard(org: grant.org, offset: offset, limit: limit + 1, levels: levels)
        var me: JSONValue = .null
        if case .member(let id, _, _, _) = grant.bearer,
           let place = try await repository.leaderboardPlace(org: grant.org, member: id, levels: levels) {
            me = Self.json(place)
        }
        let answer: JSONValue = .object([
            "offset": .int(Int64(offset)), "limit": .int(Int64(limit)),
            "more": .bool(rows.count > limit),
            "rows": .array(rows.prefix(limit).map(Self.json)),
            "me": me,
        ])
        return try JSONTextBody(answer, status: .ok).response(from: request, context: context)
    }

    /// A place as the app shows it: the e-mail stays out (members see each other's names only).
    static func json(_ row: LeaderboardRow) -> JSONValue {
        .object([
            "rank": .int(Int64(row.rank)), "member": .string(row.member), "name": .string(row.name),
            "stamps": .int(Int64(row.stamps)), "level": row.level.map { .string($0.key) } ?? .null,
            "levelTitle": row.level.map { .string($0.name) } ?? .null,
            "reachedAt": row.reachedAt.map { .string(DateTimeText.utc($0)) } ?? .null,
        ])
    }
}

/// The `offset` query parameter: absent means 0; otherwise a whole number.
enum QueryOffset {
    static let max = 1_000_000

    static func parse(_ text: String?) throws -> Int {
        guard let text else { return 0 }
        guard let offset = Int(text), (0...max).contains(offset) else {
            throw StoreHTTPError.badRequest("offset: must be a whole number from 0 to \(max)")
        }
        return offset
    }
}

/// The organization's passport levels as the store keeps them: its `passportLevel` records,
/// else the standard bronze, silver and gold, as on the console.
enum StorePassportLevels {
    static func of(org: String, repository: any StoreRepository) async throws -> PassportLevels {
        let own = try await repository.liveRecords(org: org, entity: RecordType.passportLevel.entity)
            .compactMap { PassportLevel(id: $0.id, fields: $0.fields) }
        return own.isEmpty ? .standard : PassportLevels(own)
    }
}
