import Foundation
import StewardCore
import Testing

/// Messages refer to their series: the reference is checked when a message is written, and a
/// series with messages in it cannot be removed.
@Suite("stewardctl series and messages")
struct SeriesAndMessageCommandTests {
    /// A series and one message in it; returns their ids.
    func seriesWithMessage(_ cli: CLI) async throws -> (series: String, message: String) {
        let series = try await cli.addRecord("series", ["--title", "Psalms for Ordinary Days",
                                                  "--artwork-url", "https://media.example.org/psalms.jpg"])
        let seriesID = try #require(series["id"]?.stringValue)
        let message = try await cli.addRecord("messages", [
            "--title", "The Lord Is My Shepherd", "--series", seriesID, "--speaker", "Pastor James",
            "--preached-on", "2026-11-15", "--scripture", "Psalm 23",
            "--audio-url", "https://media.example.org/psalm-23.mp3", "--audio-bytes", "41234567",
            "--duration", "38:12", "--publish-at", "2026-11-15T15:00",
        ])
        return (seriesID, try #require(message["id"]?.stringValue))
    }

    @Test("a message shows every field under the store's names, its series by id in JSON and by title in text")
    func messageFields() async throws {
        let cli = try await CLI.withOneOrganization()
        let (seriesID, messageID) = try await seriesWithMessage(cli)
        let message = try await cli("messages", "show", messageID, "--json").json()
        #expect(message["series"]?.stringValue == seriesID)
        #expect(message["preachedOn"]?.stringValue == "2026-11-15")
        #expect(message["audioURL"]?.stringValue == "https://media.example.org/psalm-23.mp3")
        #expect(message["audioBytes"] == .int(41_234_567))
        #expect(message["audioType"]?.stringValue == "audio/mpeg", "the declaration's default")
        #expect(message["duration"] == .int(38 * 60 + 12))
        #expect(message["videoURL"] == .null)
        #expect(message["status"]?.stringValue == "Published")

        let listed = try await cli("messages", "list")
        #expect(listed.stdoutLines.count == 2)
        #expect(listed.stdoutLines[1].contains("Psalms for Ordinary Days"))
        #expect(!listed.stdoutLines[1].contains(seriesID))
    }

    @Test("removing a series that a message is in is refused, naming the message, and changes nothing")
    func referencedSeriesRemovalRefused() async throws {
        let cli = try await CLI.withOneOrganization()
        let (seriesID, messageID) = try await seriesWithMessage(cli)
        let before = try await [cli.recordDump("series"), cli.recordDump("messages")]
        let refused = try await cli("series", "remove", seriesID)
        #expect(refused.status == 1)
        #expect(refused.stderrLines.count == 1)
        #expect(refused.stderr.contains("\"The Lord Is My Shepherd\""), "\(refused.stderr)")
        #expect(try await [cli.recordDump("series"), cli.recordDump("messages")] == before)

        // Once the message is out of the series, the series can go.
        #expect(try await cli("messages", "update", messageID, "--series", "").status == 0)
        #expect(try await cli("series", "remove", seriesID).status == 0)
        #expect(try await cli("series", "list", "--json").json() == .array([]))
    }

    @Test("podcast settings are one per organization: a second add is refused")
    func podcastIsSingle() async throws {
        let cli = try await CLI.withOneOrganization()
        let podcast = ["--title", "Grace Sermons", "--author", "Grace Church", "--description", "Sunday sermons.",
                       "--artwork-url", "https://media.example.org/podcast.jpg", "--owner-email", "media@example.org"]
        let first = try await cli.addRecord("podcast", podcast)
        #expect(first["language"]?.stringValue == "en")
        let second = try await cli.run(["--db", cli.databasePath, "podcast", "add"] + podcast)
        #expect(second.status == 1)
        #expect(second.stderr.contains("update that one"), "\(second.stderr)")
        #expect(try await cli("podcast", "list", "--json").json().items.count == 1)
    }

    @Test("history takes any record: found across types, or looked for in one with --type")
    func historyOfAnyRecord() async throws {
        let cli = try await CLI.withOneOrganization()
        let (seriesID, messageID) = try await seriesWithMessage(cli)
        #expect(try await cli("messages", "update", messageID, "--speaker", "Elder Ruth Kim").status == 0)
        let entries = try await cli("history", messageID, "--json").json().items
        #expect(entries.map { $0["summary"]?.stringValue } == ["Changed speaker", "Created"])
        #expect(try await cli("history", seriesID, "--type", "series", "--json").json().items.count == 1)
        // The id is a series', not a message's.
        let wrongType = try await cli("history", seriesID, "--type", "messages")
        #expect(wrongType.status == 1)
        #expect(wrongType.stderr == "stewardctl: no message with id \(seriesID) in test-org\n")
    }
}
