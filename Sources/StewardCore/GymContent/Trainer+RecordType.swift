import Foundation
import Translation

extension RecordType {
    /// A trainer's profile for the gym's app: who they are, a photo, what they are good at. It
    /// is matched to the classes of the booking service's mirror by the name the schedule
    /// gives them, so the store lists beside each profile the classes they teach
    /// (`GET /v1/orgs/{org}/trainers`), and the console's trainers view opens it from their row.
    public static let trainer = RecordType(
        entity: "trainer", commandName: "trainers", module: .classSchedule,
        nouns: RecordNouns(trLater("trainer profile"), trLater("trainer profiles"), title: trLater("Trainer Profile"),
                           pluralTitle: trLater("Trainer Profiles"),
                           counted: { trn("{count} trainer profile", "{count} trainer profiles", $0, ["count": $1]) }),
        fields: [
            FieldSpec("name", trLater("Name"), .text(maxLength: 120), [.required, .listed, .searchable],
                      help: trLater("The trainer's name exactly as the class schedule gives it, like Priya Natarajan.")),
            FieldSpec("specialties", trLater("Specialties"), .words(maxItems: 12, maxLength: 40), [.listed, .searchable],
                      help: trLater("What they coach, comma-separated, like strength,mobility,prenatal.")),
            FieldSpec("bio", trLater("Bio"), .longText(maxLength: 3000), [.searchable],
                      help: trLater("A few sentences members read before booking with them.")),
            FieldSpec("photoURL", trLater("Photo"), .media(kinds: [.image]),
                      help: trLater("Their photo: an image from the media library (its id, see `stewardctl media list`) or a secure (https://) address.")),
        ],
        titleField: "name", orderField: "name")

    /// The name a trainer profile is matched to the schedule by: the same letters whatever the
    /// case or spaces around them.
    public static func trainerKey(_ name: String) -> String {
        name.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }
}
