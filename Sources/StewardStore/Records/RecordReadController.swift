import Foundation
import Hummingbird
import StewardCore

/// GET /v1/orgs/{org}/<type's commandName> (`bulletins`, `messages`, `series`, `funds`): what
/// the phone apps show of a record type, with any token of the organization (readers
/// included). One route per type in `MemberRecords.served`; adding a type to the record kit
/// adds its endpoint.
///
/// The answer is `{"entity": "<entity>", "items": [{"id", "version", …fields}]}`, only what
/// members may see now, in the type's order, with an entity tag so that apps polling an
/// unchanged list get a 304.
struct RecordReadController {
    let repository: any StoreRepository
    let cache: MemberReadCache

    func addRoutes(to group: RouterGroup<StoreRequestContext>) {
        for type in MemberRecords.served {
            group.get(RouterPath(type.commandName)) { request, context in
                try await read(type, request: request, context: context)
            }
        }
    }

    func read(_ type: RecordType, request: Request, context: StoreRequestContext) async throws -> ConditionalBody {
        let grant = try context.requireGrant(members: true)
        guard let org = try await MemberReadCache.organization(grant.org, context: context, repository: repository) else { throw StoreFailure.unknownOrg(grant.org) }
        // Only the lists that depend on who reads (the groups a member leads, a member's campus
        // choice) are kept per member; the others are one answer for the whole organization.
        let perReader = type.groupLeadersOnly != nil || CampusTags.tags(type)
        let key = MemberReadCache.Key(org: grant.org, endpoint: type.commandName,
                                      reader: perReader ? MemberReadKey.reader(of: grant) : "")
        let answer = try await cache.answer(key, at: MemberReadCache.Version(org)) {
            try await answerBody(type, grant: grant)
        }
        return ConditionalBody(answer, contentType: "application/json; charset=utf-8", cacheControl: "private, no-cache")
    }

    private func answerBody(_ type: RecordType, grant: AccessGrant) async throws -> Data {
        let now = Date()
        // Referenced records are read after the records that name them: a reference is only
        // stored while its target is live, so the titles can only be as new as the references.
        var records = MemberRecords.visible(try await repository.liveRecords(org: grant.org, entity: type.entity),
                                            of: type, now: now)
        if type.groupLeadersOnly != nil, case .member(let memberId, _, _, _) = grant.bearer {
            let groups = try await repository.liveRecords(org: grant.org, entity: RecordType.communityGroup.entity)
            records = MemberRecords.forMember(records, of: type, memberId: memberId, groups: groups)
        }
        // A member who chose a campus or ministry reads what concerns it; the entity tag is the
        // answer's, so it differs with the choice.
        if CampusTags.tags(type) {
            records = CampusChoiceReads.keeping(records, for: try await CampusChoiceReads.choice(of: grant, repository: repository))
        }
        var titles: [String: [String: String]] = [:]
        for target in Set(type.references.map(\.entity)) {
            guard let targetType = RecordTypes.named(target) else { continue }
            let live = try await repository.liveRecords(org: grant.org, entity: target)
            titles[target] = Dictionary(
                MemberRecords.visible(live, of: targetType, now: now).map { ($0.id, targetType.title(of: $0.fields)) },
                uniquingKeysWith: { first, _ in first })
        }
        let media = try await MemberMediaLinks.load(for: records, of: type, org: grant.org, repository: repository)
        var items = records.map { media.adding(to: MemberRecords.item($0, of: type, titles: titles), of: type) }
        if type.entity == RecordType.trainer.entity {
            items = try await TrainerClasses.adding(to: items, org: grant.org, repository: repository, now: now)
        }
        let body = JSONValue.object([
            "entity": .string(type.entity),
            "items": .array(items),
        ])
        return Data(body.canonicalBytes)
    }
}
