import Foundation
import Translation

extension RecordType {
    /// One of the organization's ministries, the parts of its life a member belongs to
    /// ("Students", "Families", "Worship"): events and resources name the one they concern
    /// (`CampusTags`), and members choose theirs in the app.
    ///
    /// Not a `ministryTeam`: a team is a group students join and serve on (a leader, a meeting
    /// time, open or not to new people); a ministry here is an area things are tagged with, and
    /// a member follows one without joining anything. Sharing one type would give tags a leader
    /// and a meeting time they do not have.
    public static let ministry = RecordType(
        entity: CampusTags.ministryEntity, commandName: "ministries", module: .campuses,
        nouns: RecordNouns(trLater("ministry"), trLater("ministries"), title: trLater("Ministry"),
                           pluralTitle: trLater("Ministries"),
                           counted: { trn("{count} ministry", "{count} ministries", $0, ["count": $1]) }),
        fields: [
            FieldSpec("name", trLater("Name"), .text(maxLength: 100), [.required, .listed, .searchable],
                      help: trLater("The ministry as members know it, like \"Students\".")),
            FieldSpec("description", trLater("Description"), .longText(maxLength: 2000), [.listed, .searchable],
                      help: trLater("Who it is for.")),
            FieldSpec("position", trLater("Order"), .integer(0...999), [],
                      help: trLater("Where it comes in lists: lower first."), default: .int(0)),
        ],
        titleField: "name", orderField: "position")
}
