import Foundation
import Hummingbird
import StewardCore

/// GET /v1/orgs/{org}/profile: the organization's home for the apps' home and about screens
/// (`RecordType.profile`): `id`, `version` and every field, with only the banners showing now
/// (in their publish window), as any token of the organization reads it, with an entity tag. A
/// logo from the media library comes with `logoMedia`, a banner's image with `imageMedia` in
/// the banner (`MemberMediaLinks`).
/// 404 when the organization has no profile yet. Served whatever modules it chose.
struct ProfileController {
    let repository: any StoreRepository
    let cache: MemberReadCache

    static let endpoint = RecordType.profile.commandName

    func addRoutes(to group: RouterGroup<StoreRequestContext>) {
        group.get(RouterPath(Self.endpoint), use: profile)
    }

    @Sendable func profile(request: Request, context: StoreRequestContext) async throws -> ConditionalBody {
        let grant = try context.requireGrant(members: true)
        guard let org = try await MemberReadCache.organization(grant.org, context: context, repository: repository) else {
            throw StoreFailure.unknownOrg(grant.org)
        }
        // One answer for every reader. A banner's window opening or closing is no write: the
        // cache's expiry covers that, as it does for events that end.
        let key = MemberReadCache.Key(org: grant.org, endpoint: Self.endpoint)
        let answer = try await cache.answer(key, at: MemberReadCache.Version(org)) {
            try await answerBody(org: org)
        }
        return ConditionalBody(answer, contentType: "application/json; charset=utf-8", cacheControl: "private, no-cache")
    }

    private func answerBody(org: OrgInfo) async throws -> Data {
        let type = RecordType.profile
        // One per organization; were two ever held, the first made (lowest id) is the one.
        guard let record = try await repository.liveRecords(org: org.slug, entity: type.entity).min(by: { $0.id < $1.id }) else {
            throw StoreHTTPError.notFound("this organization has no profile yet; staff write it on the console's Profile page")
        }
        let media = try await MemberMediaLinks.load(for: [record], of: type, org: org.slug, repository: repository)
        guard case .object(var body) = media.adding(to: MemberRecords.item(record, of: type, titles: [:]), of: type) else {
            throw StoreHTTPError.notFound("this organization has no profile yet")
        }
        // The banners as linked above (each with its `imageMedia`), those showing now.
        body["banners"] = .array(ProfileBanners.showing(in: .object(body), at: Date()))
        return Data(JSONValue.object(type.everyField(body)).canonicalBytes)
    }
}
