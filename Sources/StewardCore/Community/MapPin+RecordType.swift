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
            FieldSpec("latitude", trLater("Latitude"), .text(maxLength: 24), [.required],
                      help: trLater("Degrees north (negative: south), like 42.6526.")),
            FieldSpec("longitude", trLater("Longitude"), .text(maxLength: 24), [.required],
                      help: trLater("Degrees east (negative: west), like -73.7562.")),
            FieldSpec("description", trLater("Description"), .longText(maxLength: 2000), [.searchable],
                      help: trLater("Opening hours, what to bring, who it serves.")),
        ],
        titleField: "name")
        .rule { values, issues in
            // Decimal degrees in text: the kit's numbers are whole.
            if let text = values["latitude"]?.stringValue, MapPinRules.degrees(text, limit: 90) == nil {
                issues.add("latitude", tr("must be a number of degrees from -90 to 90, like 42.6526"))
            }
            if let text = values["longitude"]?.stringValue, MapPinRules.degrees(text, limit: 180) == nil {
                issues.add("longitude", tr("must be a number of degrees from -180 to 180, like -73.7562"))
            }
        }
}

enum MapPinRules {
    static func degrees(_ text: String, limit: Double) -> Double? {
        guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite, abs(value) <= limit else { return nil }
        return value
    }
}
