import Foundation
import Hummingbird
import StewardCore

/// GET /v1/orgs/{org}/podcast.xml: the organization's podcast for podcast apps and
/// directories, which cannot send a token, so none is asked for. The feed holds only what
/// members may see anyway. Shared caches may keep it five minutes; players revalidate with
/// its entity tag.
struct PodcastFeedController {
    let repository: any StoreRepository
    let cache: MemberReadCache

    func addRoutes(to group: RouterGroup<StoreRequestContext>) {
        group.get("podcast.xml", use: feed)
    }

    @Sendable func feed(request: Request, context: StoreRequestContext) async throws -> ConditionalBody {
        let org = context.parameters.get("org") ?? ""
        // One answer for a malformed slug, an organization the store does not have and one
        // without podcast settings: an open endpoint should not tell which slugs exist.
        let missing = StoreHTTPError.notFound(
            "there is no podcast at this address: the organization does not exist or has no podcast settings")
        guard OrgSlug.isValid(org), let info = try await MemberReadCache.organization(org, context: context, repository: repository) else { throw missing }
        // The feed names its own address, so it is kept per address asked for.
        let feedURL = Self.feedURL(request, org: org)
        let answer = try await cache.answer(MemberReadCache.Key(org: org, endpoint: "podcast.xml", query: feedURL),
                                            at: MemberReadCache.Version(info)) {
            try await feedBody(org: org, feedURL: feedURL)
        }
        // No settings: nothing was kept worth serving.
        guard !answer.body.isEmpty else { throw missing }
        return ConditionalBody(answer, contentType: "application/rss+xml; charset=utf-8", cacheControl: "public, max-age=300")
    }

    /// The feed's XML, or nothing when the organization has no podcast settings.
    private func feedBody(org: String, feedURL: String) async throws -> Data {
        let settings = try await repository.liveRecords(org: org, entity: RecordType.podcast.entity)
        // A singleton: the console keeps one; should two ever be stored, the lowest id wins,
        // so the feed does not flip between them.
        guard let podcast = settings.min(by: { $0.id < $1.id }) else { return Data() }
        let messages = try await repository.liveRecords(org: org, entity: RecordType.message.entity)
        // Recordings from the media library: served by this store, at its own address.
        var recordings: [String: PodcastEnclosure] = [:]
        let base = Self.origin(of: feedURL)
        for id in PodcastFeed.recordingIds(messages) {
            guard let item = try await repository.mediaItem(org: org, id: id), item.state == .ready else { continue }
            recordings[id] = PodcastEnclosure(address: base + MediaAddress.path(item, variant: .full), item: item)
        }
        let xml = PodcastFeed.xml(podcast: podcast.fields,
                                  artwork: try await artwork(podcast.fields["artworkURL"], org: org, base: base),
                                  episodes: PodcastFeed.episodes(messages, recordings: recordings, now: Date()),
                                  feedURL: feedURL)
        return Data(xml.utf8)
    }

    /// The artwork's address: the one typed, or the library file's on this store once it is
    /// ready (nil until then: directories are never given a bare id or an address that answers 404).
    private func artwork(_ value: JSONValue?, org: String, base: String) async throws -> String? {
        switch MediaFieldValue(stored: value) {
        case .address(let address)?: return address
        case .item(let id)?:
            guard let item = try await repository.mediaItem(org: org, id: id.uuidString.lowercased()), item.state == .ready else { return nil }
            return base + MediaAddress.path(item, variant: .full)
        case nil: return nil
        }
    }

    /// `scheme://host` of an address made by `feedURL`.
    static func origin(of feedURL: String) -> String {
        guard let range = feedURL.range(of: "/v1/orgs/") else { return feedURL }
        return String(feedURL[..<range.lowerBound])
    }

    /// Where the feed was asked for, as the client named the host (the store may sit behind a
    /// proxy that terminates TLS: `X-Forwarded-Proto: https`). A host that is not a plain
    /// `name[:port]` is not echoed into a document shared caches keep.
    static func feedURL(_ request: Request, org: String) -> String {
        let forwarded = request.headers[.init("X-Forwarded-Proto")!]?.split(separator: ",").first
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        let scheme = forwarded == "https" ? "https" : "http"
        let host = request.head.authority ?? ""
        let plain = !host.isEmpty && host.count <= 255
            && host.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || ".-:[]".unicodeScalars.contains($0)) }
        return "\(scheme)://\(plain ? host : "localhost")/v1/orgs/\(org)/podcast.xml"
    }
}
