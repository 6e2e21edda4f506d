import Foundation
import Translation

extension RecordType {
    /// One of the organization's campuses (or congregations, or branches): "North Campus",
    /// "Downtown". Events and resources name the one they concern (`CampusTags`), and members
    /// choose theirs in the app to see what concerns them. Members read the list whole
    /// (`/campuses`): a handful at most.
    public static let campus = RecordType(
        entity: CampusTags.campusEntity, commandName: "campuses", module: .campuses,
        nouns: RecordNouns(trLater("campus"), trLater("campuses"), title: trLater("Campus"),
                           pluralTitle: trLater("Campuses"),
                           counted: { trn("{count} campus", "{count} campuses", $0, ["count": $1]) }),
        fields: [
            FieldSpec("name", trLater("Name"), .text(maxLength: 100), [.required, .listed, .searchable],
                      help: trLater("The campus as members know it, like \"North Campus\".")),
            FieldSpec("address", trLater("Address"), .text(maxLength: 300), [.listed],
                      help: trLater("Where it is, for maps.")),
            FieldSpec("description", trLater("Description"), .longText(maxLength: 2000), [.searchable],
                      help: trLater("Who meets there and when.")),
            FieldSpec("position", trLater("Order"), .integer(0...999), [],
                      help: trLater("Where it comes in lists: lower first."), default: .int(0)),
        ],
        titleField: "name", orderField: "position")
}
