import Foundation
import Translation

extension RecordType {
    /// A community place members find in the app: a library branch, a food pantry, a clinic.
    /// Listed in the console; the app puts them on its map by their coordinates.
    public static let mapPin = RecordType(
        entity: "mapPin", commandName: "map-pins", module: .community,
        nouns: RecordNouns(trLater("map pin"), trLater("map pins"), title: trLater("Map Pin"), pluralTitle: trLater("Map Pins"),
                           counted: { trn("{count} map pin", "{count} map pins", $0, ["count": $1]) }),
        fields: [
            FieldSpec("name", trLater("Name"), .text(maxLength: 120), [.required, .listed, .searchable],
                      help: trLater("The place's name, like \"Eastside Food Pantry\".")),
            FieldSpec("category", trLater("Category"), .text(maxLength: 60), [.listed, .searchable],
                      help: trLater("What kind of place, like \"Food\" or \"Health\".")),
            FieldSpec("address", trLater("Address"), .text(maxLength: 200), [.listed, .searchable],
                      help: trLater("Its street address.")),
            FieldSpec("latitude", trLater("Latitude"), MapPinRules.latitude, [.required],
                      help: trLater("Degrees north (negative: south), like 42.6526.")),
            FieldSpec("longitude", trLater("Longitude"), MapPinRules.longitude, [.required],
                      help: trLater("Degrees east (negative: west), like -73.7562.")),
            FieldSpec("description", trLater("Description"), .longText(maxLength: 2000), [.searchable],
                      help: trLater("Opening hours, what to bring, who it serves.")),
            // Added after pins travelled: left out while empty, so they stay as they were.
            FieldSpec("picture", trLater("Picture"), .media(kinds: [.image]), [.leftOutWhenEmpty],
                      help: trLater("A picture of the place: an image from the media library (its id, see `stewardctl media list`) or a secure (https://) address.")),
        ],
        titleField: "name")
}

/// A place's decimal degrees, as map pins and events keep them.
public enum MapPinRules {
    static let latitude = FieldKind.decimal(-90...90, problem: trLater("must be a number of degrees from -90 to 90, like 42.6526"))
    static let longitude = FieldKind.decimal(-180...180, problem: trLater("must be a number of degrees from -180 to 180, like -73.7562"))

    /// The place `latitude` and `longitude` give, both readable and in range; nil otherwise.
    public static func position(latitude: JSONValue?, longitude: JSONValue?) -> (latitude: Double, longitude: Double)? {
        guard let latitude = degrees(latitude, limit: 90), let longitude = degrees(longitude, limit: 180) else { return nil }
        return (latitude, longitude)
    }

    /// A stored coordinate within ±`limit` degrees: a number, or the text earlier versions kept.
    static func degrees(_ value: JSONValue?, limit: Double) -> Double? {
        guard let degrees = value?.decimalValue, abs(degrees) <= limit else { return nil }
        return degrees
    }
}

extension RecordType {
    /// Whether the type keeps a place as `latitude` and `longitude` (events, map pins): its
    /// editor lets staff choose it on a map.
    public var hasMapPosition: Bool {
        fields.contains { $0.name == "latitude" } && fields.contains { $0.name == "longitude" }
    }
}
