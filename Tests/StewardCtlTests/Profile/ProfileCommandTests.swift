import Foundation
import StewardCore
import Testing

@Suite("stewardctl profile")
struct ProfileCommandTests {
    /// A church, with no profile yet.
    static func church() async throws -> CLI {
        let cli = try CLI()
        let result = try await cli("orgs", "add", "grace", "--name", "Grace Community Church", "--time-zone", "America/Chicago",
                                   "--kind", "church")
        try #require(result.status == 0, "orgs add failed: \(result.stderr)")
        return cli
    }

    @Test("set makes the profile, then changes only the options given; show prints every field")
    func setAndShow() async throws {
        let cli = try await Self.church()
        let none = try await cli("profile", "show", "--org", "grace")
        #expect(none.status == 1)
        #expect(none.stderr.contains("no profile yet"), "\(none.stderr)")

        let made = try await cli("profile", "set", "--org", "grace", "--display-name", "Grace Church",
                                 "--instagram", "https://www.instagram.com/grace", "--latitude", "39.799", "--longitude", "-89.644",
                                 "--times", #"[{"day": "sunday", "start": "9:30", "end": "11:00", "label": "Worship"}]"#,
                                 "--banners", #"[{"image": "https://grace.example.org/b.jpg", "link": "https://grace.example.org/advent", "title": "Advent", "showFrom": "2026-12-01T00:00", "showUntil": "2026-12-24T00:00"}]"#,
                                 "--json")
        #expect(made.status == 0, "\(made.stderr)")
        let first = try made.json()
        let changed = try await cli("profile", "set", "--org", "grace", "--phone", "+1 217 555 0140", "--json")
        #expect(changed.status == 0, "\(changed.stderr)")

        let shown = try await cli("profile", "show", "--org", "grace", "--json")
        #expect(shown.status == 0, "\(shown.stderr)")
        let profile = try shown.json()
        #expect(profile["id"] == first["id"])
        #expect(profile["displayName"]?.stringValue == "Grace Church")
        #expect(profile["instagram"]?.stringValue == "https://www.instagram.com/grace")
        #expect(profile["phone"]?.stringValue == "+1 217 555 0140")
        #expect(profile["latitude"] == .double(39.799))
        #expect(profile["times"]?.arrayValue?.first?["start"]?.stringValue == "09:30")
        // Typed in the organization's time (Chicago, UTC-6 in December), kept in UTC.
        #expect(profile["banners"]?.arrayValue?.first?["showFrom"]?.stringValue == "2026-12-01T06:00:00.000Z")
        // Every field is there, empty ones too, under the names the store serves.
        for name in ["logo", "welcome", "address", "email", "website", "facebook", "youtube", "x", "tiktok"] {
            guard case .object(let keys) = profile else { Issue.record("not an object"); break }
            #expect(keys[name] != nil, "\(name)")
        }

        let text = try await cli("profile", "show", "--org", "grace")
        #expect(text.status == 0)
        #expect(text.stdout.contains("Grace Church"), "\(text.stdout)")
    }

    @Test("a wrong Instagram address exits 2 naming the field, and nothing changes")
    func wrongSiteRefused() async throws {
        let cli = try await Self.church()
        let made = try await cli("profile", "set", "--org", "grace", "--display-name", "Grace Church",
                                 "--instagram", "https://www.instagram.com/grace")
        #expect(made.status == 0, "\(made.stderr)")
        let before = try await cli("profile", "show", "--org", "grace", "--json")

        let refused = try await cli("profile", "set", "--org", "grace", "--display-name", "Renamed",
                                    "--instagram", "https://www.facebook.com/grace")
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("instagram"), "\(refused.stderr)")
        #expect(refused.stderr.contains("instagram.com"), "\(refused.stderr)")
        let after = try await cli("profile", "show", "--org", "grace", "--json")
        #expect(after.stdout == before.stdout)

        // The first set needs the name; an unknown option is named too.
        let cli2 = try await Self.church()
        let nameless = try await cli2("profile", "set", "--org", "grace", "--phone", "+1 217 555 0140")
        #expect(nameless.status == 2)
        #expect(nameless.stderr.contains("display-name"), "\(nameless.stderr)")
        #expect(try await cli2("profile", "show", "--org", "grace").status == 1)
        let unknown = try await cli("profile", "set", "--org", "grace", "--mastodon", "https://example.social/@grace")
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("--mastodon"), "\(unknown.stderr)")
    }

    @Test("set --help lists an option with its help for every field")
    func help() async throws {
        let cli = try CLI()
        let help = try await cli("profile", "set", "--help")
        #expect(help.status == 0)
        for option in ["--display-name", "--logo", "--welcome", "--banners", "--times", "--address", "--latitude", "--longitude",
                       "--phone", "--email", "--website", "--facebook", "--instagram", "--youtube", "--x", "--tiktok"] {
            #expect(help.stdout.contains(option + " <"), "\(option)")
        }
        // Each option's help follows it.
        let text = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for field in RecordType.profile.fields {
            let opening = field.help.split(separator: " ").prefix(3).joined(separator: " ")
            let option = text.range(of: "--\(field.optionName) <").map { String(text[$0.lowerBound...].prefix(120)) }
            #expect(option?.contains(opening) == true, "--\(field.optionName) then \"\(opening)\"")
        }
    }
}
