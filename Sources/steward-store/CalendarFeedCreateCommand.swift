import ArgumentParser
import Foundation
import StewardStore

/// `steward-store calendar-feed create --org SLUG [--audience TAG] [--base-url URL]`.
struct CalendarFeedCreateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create",
        abstract: "Create a calendar feed and print its address (once: the store keeps only its key's SHA-256 hash).",
        discussion: """
            The last word of the last line is the feed's address: the path \
            /v1/orgs/SLUG/calendar.ics?key=KEY, or a full URL with --base-url. Calendar apps \
            subscribe to it and poll it; `calendar-feed revoke ID` stops it (404 from then on).
            """
    )

    @OptionGroup var organization: OrgOption

    @Option(name: .long, help: ArgumentHelp("Only events for this audience tag, and those for everyone (default: every event).",
                                            valueName: "tag"))
    var audience: String?

    @Option(name: .long, help: ArgumentHelp("The store's public address, like https://store.example.org, to print a full URL.",
                                            valueName: "url"))
    var baseURL: String?

    @OptionGroup var storage: StorageOptions

    func validate() throws {
        if let audience {
            let tag = audience.trimmingCharacters(in: .whitespaces)
            guard !tag.isEmpty, tag.count <= 40, !tag.contains(","), !tag.contains(where: \.isNewline) else {
                throw ValidationError("--audience: give one audience tag, like youth (at most 40 characters, no commas)")
            }
        }
        if let baseURL, !(baseURL.hasPrefix("https://") || baseURL.hasPrefix("http://")) || URL(string: baseURL)?.host == nil {
            throw ValidationError("--base-url: must be an address like https://store.example.org")
        }
    }

    func run() async throws {
        let key = BearerToken.generate(prefix: "")
        let slug = organization.org
        let audience = self.audience.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        let hash = BearerToken.hash(key)
        try await storage.withExistingOrg(slug) { repository in
            try await repository.addCalendarFeed(hash: hash, org: slug, audience: audience, createdAt: Date())
        }
        let path = "/v1/orgs/\(slug)/calendar.ics?key=\(key)"
        let base = baseURL.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 } ?? ""
        print("calendar feed \(CalendarFeed.id(forHash: hash)) for \(slug)" + (audience.map { " (audience: \($0))" } ?? ""))
        print("subscribe at: \(base)\(path)")
    }
}
