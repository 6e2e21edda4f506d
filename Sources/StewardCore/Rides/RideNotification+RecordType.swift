import Foundation
import Translation

extension RecordType {
    /// A message for a member about their ride, made with each assignment, change and
    /// cancellation ("You ride with Sam to the event, 2026-12-03T18:30 at Poly Canyon"); the
    /// app reads a member's own. Never changed: a later change makes a new one.
    public static let rideNotification = RecordType(
        entity: "rideNotification", commandName: "ride-notifications", module: .rides,
        nouns: RecordNouns(trLater("ride notification"), trLater("ride notifications"), title: trLater("Ride Notification"),
                           pluralTitle: trLater("Ride Notifications"),
                           counted: { trn("{count} ride notification", "{count} ride notifications", $0, ["count": $1]) }),
        fields: [
            RideRecordFields.event(),
            FieldSpec("member", trLater("Member"), .reference(entity: RecordType.member.entity), [.required, .listed],
                      help: trLater("The member it is for.")),
            FieldSpec("message", trLater("Message"), .longText(maxLength: 500), [.required, .listed, .searchable],
                      help: trLater("What the member reads.")),
            FieldSpec("at", trLater("At"), .dateTime, [.required, .listed], help: trLater("When it was made.")),
        ],
        titleField: "message", orderField: "at", orderDescending: true)
        .appendOnly(correction: trLater("a later change to the ride makes a new notification"))
        .staffOnly()
}
