import Foundation
import StewardCore
import Testing

/// Numbers are stored, sent and written to files with a decimal point whatever the locale; only
/// what people read follows it. Once the tool has set its locale, C's printf writes "35,3050" in
/// Spanish, so these run it under es_ES.UTF-8 (made by `make test-deps`) and compare with C.
@Suite("stewardctl under a Spanish locale")
struct SpanishLocaleTests {
    static let spanish = ["LANG": "es_ES.UTF-8", "LC_ALL": "es_ES.UTF-8", "LANGUAGE": "es"]
    static let plain = ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "LANGUAGE": ""]

    private func run(_ cli: CLI, _ arguments: [String], _ environment: [String: String]) async throws -> CLI.Result {
        try await cli.run(["--db", cli.databasePath] + arguments, environment: environment)
    }

    @Test("the demo loads under es_ES.UTF-8; its JSON and CSV there hold the numbers the C locale prints")
    func demoLoadsInSpanish() async throws {
        let cli = try CLI()
        let loaded = try await run(cli, ["demo", "load"], Self.spanish)
        try #require(loaded.status == 0, "demo load under es_ES.UTF-8: \(loaded.stderr)")

        for (org, type) in [("crossroads-campus", "ride-offers"), ("crossroads-campus", "ride-requests"),
                            ("riverton-community", "map-pins"), ("grace-church", "events")] {
            let arguments = [type, "list", "--org", org, "--json"]
            let inSpanish = try await run(cli, arguments, Self.spanish)
            let inC = try await run(cli, arguments, Self.plain)
            #expect(try inC.json().items.isEmpty == false, "the demo has \(type) for \(org)")
            #expect(inSpanish.status == 0, "\(inSpanish.stderr)")
            #expect(inSpanish.stdout == inC.stdout, "\(type) list --json of \(org) differs between es_ES and C")
        }
        let offers = try await run(cli, ["ride-offers", "list", "--org", "crossroads-campus", "--json"], Self.plain).json().items
        for offer in offers {
            #expect(offer["pickupLatitude"]?.doubleValue.map { (-90...90).contains($0) } == true, "\(offer)")
            #expect(offer["pickupLongitude"]?.doubleValue.map { (-180...180).contains($0) } == true, "\(offer)")
        }

        // A survey's percentages, as a file for a spreadsheet: the same bytes in both locales.
        let questions = try await run(cli, ["questions", "list", "--org", "riverton-community", "--json"], Self.plain).json().items
        let counted = questions.filter { !["short-text", "long-text"].contains($0["type"]?.stringValue ?? "") }
        try #require(!counted.isEmpty, "the demo has counted survey questions")
        for question in counted {
            let id = try #require(question["id"]?.stringValue)
            let arguments = ["survey", "results", id, "--org", "riverton-community", "--csv"]
            let inSpanish = try await run(cli, arguments, Self.spanish)
            let inC = try await run(cli, arguments, Self.plain)
            #expect(inC.status == 0 && inSpanish.status == 0, "\(inC.stderr) \(inSpanish.stderr)")
            #expect(inSpanish.stdout == inC.stdout, "survey results --csv of \(id) differs between es_ES and C")
        }
    }

    @Test("a ride offer's pickup and a map pin added under es_ES read back with the same numbers under C")
    func decimalsWrittenInSpanish() async throws {
        let cli = try CLI()
        try #require(try await run(cli, ["demo", "load"], Self.plain).status == 0)
        let campus = ["--org", "crossroads-campus", "--json"]
        let model = try #require(try await run(cli, ["ride-offers", "list"] + campus, Self.plain).json().items
            .first { $0["direction"]?.stringValue == "to" && $0["cancelled"]?.boolValue != true })
        let added = try await run(cli, ["ride-offers", "add", "--event", model["event"]?.stringValue ?? "",
                                        "--member", model["member"]?.stringValue ?? "", "--seats", "3", "--direction", "to",
                                        "--pickup-place", "Poly Canyon Village", "--pickup-latitude", "35.3050",
                                        "--pickup-longitude", "-120,6625", "--radius-km", "2",
                                        "--depart-at", model["departAt"]?.stringValue ?? ""] + campus, Self.spanish)
        let offer = try added.json()
        let id = try #require(offer["id"]?.stringValue)
        let shown = try await run(cli, ["ride-offers", "show", id] + campus, Self.plain).json()
        #expect(shown["pickupLatitude"] == .double(35.305))
        #expect(shown["pickupLongitude"] == .double(-120.6625))

        let riverton = ["--org", "riverton-community", "--json"]
        let pin = try await run(cli, ["map-pins", "add", "--name", "Biblioteca", "--latitude", "42,6531",
                                      "--longitude", "-73.7562"] + riverton, Self.spanish).json()
        let pinId = try #require(pin["id"]?.stringValue)
        let read = try await run(cli, ["map-pins", "show", pinId] + riverton, Self.plain).json()
        #expect(read["latitude"] == .double(42.6531))
        #expect(read["longitude"] == .double(-73.7562))
        // People read it with the locale's separator.
        let text = try await run(cli, ["map-pins", "show", pinId, "--org", "riverton-community"], Self.spanish)
        #expect(text.stdout.contains("42,6531"), "\(text.stdout)")
    }
}
