import Foundation
import Translation

extension RecordType {
    /// A message for a submitter, made by the store at each change of their submission's status
    /// ("Changes requested: add a contact email"); the app reads them from `me/notifications`.
    public static let notification = RecordType(
        entity: "notification", commandName: "notifications", module: .approvals, nouns: RecordNouns(trLater("notification"), trLater("notifications"), title: trLater("Notification"),
                           pluralTitle: trLater("Notifications"),
                           counted: { trn("{count} notification", "{count} notifications", $0, ["count": $1]) }),
        fields: [
            FieldSpec("message", trLater("Message"), .longText(maxLength: ApprovalRules.maxReasonLength + 100), [.required, .listed],
                      help: trLater("What the submitter reads.")),
            FieldSpec("member", trLater("Member"), .text(maxLength: 40), help: trLater("The submitter's member id.")),
            FieldSpec("submission", trLater("Submission"), .text(maxLength: 40), help: trLater("The submission it is about.")),
            FieldSpec("title", trLater("Event"), .text(maxLength: EventForm.maxTitleLength), [.listed], help: trLater("The event's title.")),
            FieldSpec("status", trLater("Status"), .choice(SubmissionStatus.words), [.listed], help: trLater("The submission's new status."))
                .showingChoices { SubmissionStatus(rawValue: $0)?.title },
            FieldSpec("at", trLater("At"), .dateTime, [.listed], help: trLater("When it was made.")),
        ],
        titleField: "message", orderField: "at", orderDescending: true)
        .madeByStore()
}
