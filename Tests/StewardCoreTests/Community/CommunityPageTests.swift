import Foundation
import Testing
@testable import StewardCore

/// The community pages' formatted text and map pins.
@Suite("Community pages and map pins")
struct CommunityPageTests {
    @Test("headings, paragraphs, bold and links are read from plain text; markup is escaped")
    func formattedText() {
        let text = "# Help nearby\nFood and shelter,\nall week.\n\n## Food\nThe **Eastside Pantry** is open; see [its hours](https://pantry.example/hours) & more <now>."
        #expect(FormattedText.blocks(text) == [
            .heading(level: 1, text: "Help nearby"),
            .paragraph([.text("Food and shelter, all week.")]),
            .heading(level: 2, text: "Food"),
            .paragraph([.text("The "), .bold("Eastside Pantry"), .text(" is open; see "),
                        .link(label: "its hours", url: "https://pantry.example/hours"), .text(" & more <now>.")]),
        ])
        let markup = FormattedText.pangoMarkup(text)
        #expect(markup.contains("<b>Eastside Pantry</b>"))
        #expect(markup.contains("<a href=\"https://pantry.example/hours\">its hours</a>"))
        #expect(markup.contains("&amp; more &lt;now&gt;."))
        // Unclosed markers stay text.
        #expect(FormattedText.blocks("a **b [c](d") == [.paragraph([.text("a **b [c](d")])])
    }

    @Test("a page's links must be https; a pin's coordinates must be degrees")
    func rules() {
        func fields(_ type: RecordType, _ values: [String: JSONValue]) -> [String] {
            do {
                _ = try type.validate(.object(values), orgZone: .gmt)
                return []
            } catch {
                return error.issues.map(\.field)
            }
        }
        #expect(fields(.communityPage, ["kind": .string("about"), "title": .string("About"),
                                        "body": .string("See [us](http://city.example)")]) == ["body"])
        #expect(fields(.communityPage, ["kind": .string("about"), "title": .string("About"),
                                        "body": .string("See [us](https://city.example)")]).isEmpty)
        #expect(fields(.mapPin, ["name": .string("Pantry"), "latitude": .string("91"), "longitude": .string("-73.75")]) == ["latitude"])
        #expect(fields(.mapPin, ["name": .string("Pantry"), "latitude": .string("42.65"), "longitude": .string("east")]) == ["longitude"])
        #expect(fields(.mapPin, ["name": .string("Pantry"), "latitude": .string("42.65"), "longitude": .string("-73.75")]).isEmpty)
    }
}

/// The city office's community section in the demo.
@Suite("Community demo")
struct CommunityDemoTests {
    @Test func theCityOfficeHasItsResourcesAndAboutPagesAndMapPins() async throws {
        let database = try AppDatabase.inMemory()
        let summary = try DemoDataset(database: database).load(reference: PassportDemoTests.reference)
        let city = try await OrganizationService(database: database).find(slug: "riverton-community")
        let service = RecordService(database: database)
        let pages = try await service.list(.communityPage, in: city)
        let pins = try await service.list(.mapPin, in: city)
        #expect(summary.communityRecordsAdded == pages.count + pins.count)
        #expect(Set(pages.compactMap { $0["kind"]?.stringValue }) == ["resources", "about"])
        #expect(pins.count >= 4)
        #expect(city.availableModules.contains(.community))
        // The map's places carry what a pin's details show, description included.
        let pantry = try #require(MapPlaces(pins).places.first { $0.name == "Eastside Food Pantry" })
        #expect(pantry.category == "Food" && pantry.address == "212 Elm St")
        #expect(pantry.description == "Tuesday to Saturday, 10 to 4. Bring a bag.")
        #expect(abs(pantry.latitude - 42.6531) < 1e-9 && abs(pantry.longitude + 73.7480) < 1e-9)
    }
}
