import Foundation
import Translation

extension RecordType {
    /// A class of the gym's mirrored timetable as the apps read it: what the booking service
    /// says, with the gym's note and "featured" flag. Never typed by hand: the schedule's
    /// refresh and the gym's own fields write it (`ServedClasses`), so it reaches the store
    /// through the same outbox as every other record; the apps read a date range of them at
    /// `GET /v1/orgs/{org}/classes?from=&to=`. Field names are those of `schedule list --json`.
    public static let gymClass = RecordType(
        entity: "gymClass", commandName: "classes", module: .classSchedule,
        nouns: RecordNouns(trLater("class"), trLater("classes"), title: trLater("Class"), pluralTitle: trLater("Classes"),
                           counted: { trn("{count} class", "{count} classes", $0, ["count": $1]) }),
        fields: [
            FieldSpec("name", trLater("Name"), .text(maxLength: ServedClasses.shortText), [.required, .listed, .searchable],
                      help: trLater("The class's name at the booking service.")),
            FieldSpec("description", trLater("Description"), .longText(maxLength: ServedClasses.longText),
                      help: trLater("What the booking service says of the class.")),
            FieldSpec("program", trLater("Program"), .text(maxLength: ServedClasses.shortText), [.listed],
                      help: trLater("The program it belongs to (Yoga, Cycling).")),
            FieldSpec("sessionType", trLater("Session type"), .text(maxLength: ServedClasses.shortText),
                      help: trLater("The booking service's session type.")),
            FieldSpec("startsAt", trLater("Starts"), .dateTime, [.required, .listed],
                      help: trLater("When the class starts.")),
            FieldSpec("endsAt", trLater("Ends"), .dateTime, [.required],
                      help: trLater("When the class ends.")),
            FieldSpec("trainer", trLater("Trainer"), .text(maxLength: ServedClasses.shortText), [.listed, .searchable],
                      help: trLater("Who teaches it.")),
            FieldSpec("substitute", trLater("Substitute"), .boolean,
                      help: trLater("Whether the trainer stands in for the usual one.")),
            FieldSpec("cancelled", trLater("Cancelled"), .boolean, [.listed],
                      help: trLater("Whether the class is cancelled.")),
            FieldSpec("location", trLater("Location"), .text(maxLength: ServedClasses.shortText),
                      help: trLater("The gym's location.")),
            FieldSpec("room", trLater("Room"), .text(maxLength: ServedClasses.shortText), [.listed],
                      help: trLater("The room it is held in.")),
            FieldSpec("maxCapacity", trLater("Capacity"), .integer(0...ServedClasses.largestCount),
                      help: trLater("How many it takes.")),
            FieldSpec("webCapacity", trLater("Bookable online"), .integer(0...ServedClasses.largestCount),
                      help: trLater("How many places can be booked online.")),
            FieldSpec("totalBooked", trLater("Booked"), .integer(0...ServedClasses.largestCount),
                      help: trLater("How many have booked.")),
            FieldSpec("totalWaitlisted", trLater("Waiting list"), .integer(0...ServedClasses.largestCount),
                      help: trLater("How many are on the waiting list.")),
            FieldSpec("waitlistAvailable", trLater("Waiting list open"), .boolean,
                      help: trLater("Whether one can join the waiting list.")),
            FieldSpec("removed", trLater("Removed"), .boolean,
                      help: trLater("The booking service no longer lists it; the apps do not show it.")),
            FieldSpec("localNote", trLater("Note"), .longText(maxLength: ServedClasses.noteLength),
                      help: trLater("The gym's own note on the class.")),
            FieldSpec("featured", trLater("Featured in the app"), .boolean, [.listed],
                      help: trLater("Whether the gym's app features the class.")),
        ],
        titleField: "name", orderField: "startsAt")
        .mirrored()
        .readByMembers(.dateRange)
        // A class the source dropped stays in the console's mirror, marked; the apps leave it out.
        .members { fields, _ in fields["removed"]?.boolValue != true }
        .indexed { fields, _ in
            RecordWindow(start: RecordType.instant(fields["startsAt"]), end: RecordType.instant(fields["endsAt"]))
        }
}
