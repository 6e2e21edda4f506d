import Foundation
import MediaTestSamples
import StewardCore
import Testing

/// `stewardctl media add|list|show|remove` and `messages … --audio MEDIA-ID`: the contract
/// scripts rely on (exit codes, JSON keys).
@Suite("stewardctl media")
struct MediaCommandTests {
    func file(_ cli: CLI, _ name: String, _ data: Data) throws -> String {
        let url = cli.folder.appendingPathComponent(name)
        try data.write(to: url)
        return url.path
    }

    func add(_ cli: CLI, _ name: String, _ data: Data, sourceLocation: SourceLocation = #_sourceLocation) async throws -> JSONValue {
        let result = try await cli("media", "add", "--org", "test-org", try file(cli, name, data), "--json")
        try #require(result.status == 0, "media add failed: \(result.stderr)", sourceLocation: sourceLocation)
        return try result.json()
    }

    @Test("add --json prints the new item; show --json gives its id, null url, type, size, SHA-256 and users")
    func addAndShow() async throws {
        let cli = try await CLI.withOneOrganization()
        let mp3 = MediaSamples.mp3()
        let added = try await add(cli, "advent-1.mp3", mp3)
        let id = try #require(added["id"]?.stringValue)
        #expect(UUID(uuidString: id) != nil)
        #expect(added["fileName"]?.stringValue == "advent-1.mp3")
        #expect(added["kind"]?.stringValue == "audio")

        let shown = try await cli("media", "show", id, "--json").json()
        #expect(shown["id"]?.stringValue == id)
        #expect(shown["url"] == .null)
        #expect(shown["contentType"]?.stringValue == "audio/mpeg")
        #expect(shown["size"] == .int(Int64(mp3.count)))
        #expect(shown["sha256"]?.stringValue?.count == 64)
        #expect(shown["usedBy"] == .array([]))
        #expect(try await cli("media", "show", id, "--org", "test-org", "--json").json()["id"]?.stringValue == id)
        // Kept beside the database.
        let kept = cli.folder.appendingPathComponent("steward.sqlite.media")
        #expect(FileManager.default.fileExists(atPath: kept.path))

        let listed = try await cli("media", "list", "--org", "test-org", "--json").json()
        #expect(listed.items.map { $0["id"]?.stringValue } == [id])
        #expect(try await cli("media", "list", "--kind", "image", "--json").json() == .array([]))
        let text = try await cli("media", "list")
        #expect(text.status == 0)
        #expect(text.stdout.contains("advent-1.mp3"))
        #expect(text.stdout.contains("10 GB"), "the allowance is said: \(text.stdout)")
    }

    @Test("a program named .jpg is refused with exit 2 saying what it is; nothing is kept")
    func programRefused() async throws {
        let cli = try await CLI.withOneOrganization()
        let refused = try await cli("media", "add", "--org", "test-org", try file(cli, "holiday.jpg", MediaSamples.program()), "--json")
        #expect(refused.status == 2)
        #expect(refused.stdout.isEmpty)
        #expect(refused.stderr.contains("program"), "\(refused.stderr)")
        #expect(refused.stderr.contains("holiday.jpg"), "\(refused.stderr)")
        #expect(try await cli("media", "list", "--json").json() == .array([]))
        let missing = try await cli("media", "add", cli.folder.appendingPathComponent("none.png").path)
        #expect(missing.status == 2)
    }

    @Test("messages take --audio MEDIA-ID (JSON key audio), filling the size and type; the item in use is not removed")
    func messageAudio() async throws {
        let cli = try await CLI.withOneOrganization()
        let mp3 = MediaSamples.mp3()
        let id = try #require(try await add(cli, "advent-1.mp3", mp3)["id"]?.stringValue)
        let message = try await cli.addRecord("messages", ["--title", "Waiting Well", "--preached-on", "2026-12-06", "--audio", id])
        let messageID = try #require(message["id"]?.stringValue)
        #expect(message["audio"]?.stringValue == id)
        #expect(message["audioBytes"] == .int(Int64(mp3.count)))
        #expect(message["audioType"]?.stringValue == "audio/mpeg")

        let shown = try await cli("media", "show", id, "--json").json()
        let users = shown["usedBy"]?.arrayValue ?? []
        #expect(users.count == 1)
        #expect(users.first?["entity"]?.stringValue == "message")
        #expect(users.first?["id"]?.stringValue == messageID)
        #expect(users.first?["title"]?.stringValue == "Waiting Well")
        #expect(users.first?["field"]?.stringValue == "audio")

        let refused = try await cli("media", "remove", id)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("\"Waiting Well\""), "\(refused.stderr)")
        #expect(try await cli("media", "list", "--json").json().items.count == 1)

        // Not a file of the library: exit 2, the option named, nothing changed.
        let unknown = try await cli("messages", "update", messageID, "--audio", UUID().uuidString)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("audio"), "\(unknown.stderr)")
        #expect(try await cli("messages", "show", messageID, "--json").json()["audio"]?.stringValue == id)

        #expect(try await cli("messages", "update", messageID, "--audio", "").status == 0)
        #expect(try await cli("media", "remove", id).status == 0)
        #expect(try await cli("media", "list", "--json").json() == .array([]))
        #expect(try await cli("media", "show", id, "--json").json()["removedAt"] != .null)
        #expect(try await cli("media", "show", "not-an-id").status == 2)
        #expect(try await cli("media", "show", UUID().uuidString).status == 1)
    }

    @Test("events add --image-url MEDIA-ID: kept as the id, used by the event; another kind or an unknown id is exit 2 naming image-url")
    func eventImage() async throws {
        let cli = try await CLI.withOneOrganization()
        let photo = try #require(try await add(cli, "potluck.png", MediaSamples.png(width: 8, height: 8))["id"]?.stringValue)
        let song = try #require(try await add(cli, "song.mp3", MediaSamples.mp3())["id"]?.stringValue)
        let event = ["events", "add", "--title", "Potluck", "--starts", "2026-12-01T18:00", "--image-url"]
        for wrong in [song, UUID().uuidString] {
            let refused = try await cli.run(["--db", cli.databasePath] + event + [wrong])
            #expect(refused.status == 2)
            #expect(refused.stderr.contains("image-url"), "\(refused.stderr)")
        }
        #expect(try await cli("events", "list", "--json").json().items.isEmpty, "nothing kept")

        let added = try await cli.run(["--db", cli.databasePath] + event + [photo])
        #expect(added.status == 0, "\(added.stderr)")
        let id = try #require(added.stdoutLines.first)
        #expect(try await cli("events", "show", id, "--json").json()["imageURL"]?.stringValue == photo)
        let users = try await cli("media", "show", photo, "--json").json()["usedBy"]?.arrayValue ?? []
        #expect(users.map { $0["entity"]?.stringValue } == ["event"])
        #expect(users.first?["id"]?.stringValue == id)
        #expect(users.first?["field"]?.stringValue == "imageURL")
        let refused = try await cli("media", "remove", photo)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("\"Potluck\""), "\(refused.stderr)")
        // A plain http address still reads, as before.
        #expect(try await cli("events", "update", id, "--image-url", "http://example.org/potluck.png").status == 0)
        #expect(try await cli("media", "remove", photo).status == 0)
    }

    @Test("profile set --banners with a media id: a recording or an unknown id is exit 2 naming banners and the item; the profile uses the image")
    func bannerImage() async throws {
        let cli = try await CLI.withOneOrganization()
        let photo = try #require(try await add(cli, "advent.png", MediaSamples.png(width: 24, height: 8))["id"]?.stringValue)
        let song = try #require(try await add(cli, "song.mp3", MediaSamples.mp3())["id"]?.stringValue)
        func banners(_ images: [String]) -> String {
            "[" + images.enumerated().map { "{\"image\": \"\($1)\", \"title\": \"Banner \($0 + 1)\"}" }.joined(separator: ", ") + "]"
        }
        let set = ["profile", "set", "--org", "test-org", "--display-name", "Grace", "--banners"]
        for wrong in [song, UUID().uuidString] {
            let refused = try await cli.run(["--db", cli.databasePath] + set + [banners([photo, wrong])])
            #expect(refused.status == 2)
            #expect(refused.stderr.contains("banners") && refused.stderr.contains("item 2"), "\(refused.stderr)")
        }
        #expect(try await cli("media", "show", photo, "--json").json()["usedBy"] == .array([]), "nothing kept")

        let made = try await cli.run(["--db", cli.databasePath] + set + [banners(["https://example.org/a.jpg", photo, photo])])
        #expect(made.status == 0, "\(made.stderr)")
        let users = try await cli("media", "show", photo, "--json").json()["usedBy"]?.arrayValue ?? []
        #expect(users.map { $0["entity"]?.stringValue } == ["profile"], "once, however many banners use it")
        #expect(users.first?["field"]?.stringValue == "banners")
        #expect(users.first?["itemField"]?.stringValue == "image")
        let refused = try await cli("media", "remove", photo)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("\"Grace\""), "\(refused.stderr)")
    }

    @Test("show and remove without --org find the item's organization; with another --org, or an unknown id, exit 1")
    func organizationFoundFromTheItem() async throws {
        let cli = try await CLI.withOneOrganization()
        #expect(try await cli("orgs", "add", "riverton", "--name", "Riverton", "--time-zone", "America/Chicago", "--kind", "church").status == 0)
        let added = try await cli("media", "add", "--org", "riverton", try file(cli, "map.pdf", MediaSamples.pdf), "--json")
        try #require(added.status == 0, "\(added.stderr)")
        let id = try #require(try added.json()["id"]?.stringValue)

        let shown = try await cli("media", "show", id)
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("map.pdf"))
        #expect(try await cli("media", "show", id, "--org", "test-org").status == 1)
        #expect(try await cli("media", "remove", id, "--org", "test-org").status == 1)
        #expect(try await cli("media", "show", UUID().uuidString).status == 1)
        #expect(try await cli("media", "remove", UUID().uuidString).status == 1)

        let removed = try await cli("media", "remove", id, "--json")
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(try removed.json()["removedAt"] != .null)
        #expect(try await cli("media", "list", "--org", "riverton", "--json").json() == .array([]))
    }
}
