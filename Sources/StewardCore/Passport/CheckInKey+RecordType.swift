import Foundation
import Translation

extension RecordType {
    /// An event's check-in secret: the key its rotating codes are derived from (`CheckInCode`).
    /// The console makes it with the event, in the same transaction, as soon as the event gives
    /// stamps (`CheckInKeys.makeWithEvent`), and pushes it right after the event, so the store
    /// has it before anyone can see a code; a code is shown only once the store has the key.
    /// Its id is the event's id, so an event has at most one key on the console and the store:
    /// a second key for the event is the same record. Members never read it, and it is never
    /// changed: codes shown or printed must keep working. It belongs to its event: deleting the
    /// event is not refused for it, and it stays for the event's restore.
    public static let checkInKey = RecordType(
        entity: "checkInKey", commandName: "check-in-keys", module: .stamps,
        nouns: RecordNouns(trLater("check-in key"), trLater("check-in keys"), title: trLater("Check-In Key"),
                           pluralTitle: trLater("Check-In Keys"),
                           counted: { trn("{count} check-in key", "{count} check-in keys", $0, ["count": $1]) }),
        fields: [
            FieldSpec("event", trLater("Event"), .reference(entity: SyncEntity.event), [.required, .listed],
                      help: trLater("The event whose check-in codes this key makes.")),
            FieldSpec("secret", trLater("Secret"), .text(maxLength: 200), [.required],
                      help: trLater("32 random bytes in base64: the secret the codes are derived from.")),
        ],
        titleField: "event")
        .appendOnly(correction: trLater("codes already shown or printed must keep working"))
        .staffOnly()
        .belongingToItsReference()
        .madeAlongside(SyncEntity.event) { event, fields, orgId, author, db in
            try CheckInKeys.makeWithEvent(event, fields: fields, orgId: orgId, author: author, db)
        }
        .rule { values, issues in
            if let secret = values["secret"]?.stringValue, CheckInKeys.secretBytes(secret) == nil {
                issues.add("secret", tr("must be at least 16 bytes in base64"))
            }
        }
}
