import ArgumentParser
import Foundation
import StewardCore
import StewardStore

/// `steward-store calendar-feed list --org SLUG [--json]`: the feeds by id, never their keys.
struct CalendarFeedListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List an organization's calendar feeds: id, audience, created, revoked (UTC). Never the keys."
    )

    @OptionGroup var organization: OrgOption

    @Flag(name: .long, help: "Print a JSON array: id, org, audience (null: every event), createdAt, revokedAt (UTC, null while live).")
    var json = false

    @OptionGroup var storage: StorageOptions

    func run() async throws {
        let slug = organization.org
        let feeds = try await storage.withExistingOrg(slug) { repository in try await repository.calendarFeeds(org: slug) }
        if json {
            let items = feeds.map { feed -> JSONValue in
                .object([
                    "id": .string(feed.id), "org": .string(feed.org),
                    "audience": feed.audience.map(JSONValue.string) ?? .null,
                    "createdAt": .string(DateTimeText.utc(feed.createdAt)),
                    "revokedAt": feed.revokedAt.map { .string(DateTimeText.utc($0)) } ?? .null,
                ])
            }
            print(JSONValue.array(items).canonicalText)
            return
        }
        guard !feeds.isEmpty else {
            print("\(slug) has no calendar feeds (make one with `steward-store calendar-feed create`)")
            return
        }
        let rows = [["ID", "AUDIENCE", "CREATED", "REVOKED"]] + feeds.map { feed in
            [feed.id, feed.audience ?? "(everyone)", UTCMinutes.text(feed.createdAt), feed.revokedAt.map(UTCMinutes.text) ?? "-"]
        }
        UTCMinutes.printTable(rows)
    }
}
