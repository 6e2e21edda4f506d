import Foundation
import Hummingbird
import StewardCore

/// `GET /v1/orgs/{org}/me/passport`: the signed-in member's own passport (`MemberPassport`):
/// their stamps with the events that gave them, revoked ones marked, their total and level, the
/// next level and what it unlocks. Member tokens only; read through the ledger's index, so a
/// long ledger costs only this member's entries.
struct MemberPassportController {
    let repository: any StoreRepository

    func addRoutes(to group: RouterGroup<StoreRequestContext>) {
        group.get("me/passport", use: passport)
    }

    @Sendable func passport(request: Request, context: StoreRequestContext) async throws -> Response {
        let member = try context.requireMember()
        let org = member.grant.org
        let entries = try await repository.memberStampRecords(org: org, member: member.id).compactMap { record in
            UUID(uuidString: record.id).flatMap { StampEntry(id: $0, fields: record.fields) }
        }
        let eventIds = Array(Set(entries.map { $0.event.lowercased() })).sorted()
        var titles: [String: String] = [:]
        for event in try await repository.liveRecords(org: org, entity: RecordType.event.entity, ids: eventIds) {
            titles[event.id.lowercased()] = event.fields["title"]?.stringValue
        }
        let prizes = try await repository.liveRecords(org: org, entity: RecordType.prize.entity).map { ($0.id, $0.fields) }
        let passport = MemberPassport(entries: entries, levels: try await StorePassportLevels.of(org: org, repository: repository),
                                      eventTitles: titles, prizes: prizes, now: Date())
        return try JSONTextBody(passport.json, status: .ok).response(from: request, context: context)
    }
}
