import Foundation
import StewardCore
import Testing

@Suite("stewardctl map-pins")
struct MapPinCommandTests {
    /// A city office, whose modules include the community map.
    static func cityOffice() async throws -> CLI {
        let cli = try CLI()
        let result = try await cli("orgs", "add", "riverton", "--name", "Riverton", "--time-zone", "America/New_York",
                                   "--kind", "city-office")
        try #require(result.status == 0, "orgs add failed: \(result.stderr)")
        return cli
    }

    @Test("map-pins list --json prints latitude and longitude as JSON numbers, as events print theirs")
    func coordinatesAreNumbers() async throws {
        let cli = try await Self.cityOffice()
        try await cli.addRecord("map-pins", ["--name", "Eastside Food Pantry", "--latitude", "42.6531", "--longitude", "-73.7480"])
        // As an earlier console or store kept them: text. It still reads, and prints as numbers.
        let file = try cli.inputFile(#"{"name": "City Hall", "latitude": "42.6526", "longitude": "-73.7562"}"#)
        try await cli.addRecord("map-pins", ["--input", file])
        // Whole degrees print as whole numbers.
        try await cli.addRecord("map-pins", ["--name", "Equator", "--latitude", "0", "--longitude", "-78"])

        let result = try await cli("map-pins", "list", "--json")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(#""latitude":42.6531"#) || result.stdout.contains(#""latitude": 42.6531"#), "\(result.stdout)")
        let pins = Dictionary(uniqueKeysWithValues: try result.json().items.map { ($0["name"]?.stringValue ?? "", $0) })
        #expect(pins["Eastside Food Pantry"]?["latitude"] == .double(42.6531))
        #expect(pins["Eastside Food Pantry"]?["longitude"] == .double(-73.748))
        #expect(pins["City Hall"]?["latitude"] == .double(42.6526))
        #expect(pins["City Hall"]?["longitude"] == .double(-73.7562))
        #expect(pins["Equator"]?["latitude"] == .int(0))
        #expect(pins["Equator"]?["longitude"] == .int(-78))
    }

    @Test("a latitude that is no number of degrees is refused with what to type, and nothing is stored")
    func badDegreesRefused() async throws {
        let cli = try await Self.cityOffice()
        for bad in ["91", "north", "0x10", "inf"] {
            let result = try await cli("map-pins", "add", "--name", "Pantry", "--latitude", bad, "--longitude", "-73.75")
            #expect(result.status != 0)
            #expect(result.stderr.contains("latitude: must be a number of degrees from -90 to 90, like 42.6526"), "\(bad): \(result.stderr)")
        }
        #expect(try await cli("map-pins", "list", "--json").json().items.isEmpty)
    }
}
