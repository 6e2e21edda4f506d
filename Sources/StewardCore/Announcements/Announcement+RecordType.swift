import Foundation
import Translation

extension RecordType {
    /// A notification staff write for members' phones ("Service moved to 11:00 because of
    /// snow"): kept as a draft, or sent now or at a time by the store to every device of its
    /// audience, and of its campus and ministry when it names them. Once its time has come it
    /// is sent and never changed; a correction is a new one.
    /// What became of it comes back as its `announcementReport`.
    public static let announcement = RecordType(
        entity: "announcement", commandName: "announcements", module: .announcements,
        nouns: RecordNouns(trLater("announcement"), trLater("announcements"), title: trLater("Announcement"),
                           pluralTitle: trLater("Announcements"),
                           counted: { trn("{count} announcement", "{count} announcements", $0, ["count": $1]) }),
        fields: [
            FieldSpec("title", trLater("Title"), .text(maxLength: AnnouncementRules.maxTitleLength), [.required, .listed, .searchable],
                      help: trLater("The notification's first line, like \"Service moved to 11:00\".")),
            FieldSpec("body", trLater("Message"), .longText(maxLength: AnnouncementRules.maxBodyLength), [.required, .searchable],
                      help: trLater("What members read; a phone's lock screen shows about the first 178 characters.")),
            FieldSpec("link", trLater("Link"), .webURL(httpsOnly: true),
                      help: trLater("A secure (https://) page the notification opens; or give a record instead.")),
            FieldSpec("record", trLater("Record"), .text(maxLength: AnnouncementRules.maxRecordLength),
                      help: trLater("An event, bulletin or message the notification opens in the app, as TYPE:ID (event:…).")),
            FieldSpec("audience", trLater("Audience tags"), .words(maxItems: 20, maxLength: 40), [],
                      help: trLater("Who it is for, as events name it (students, residents); empty: every member.")),
            // The campus and ministry it concerns (empty: everyone): only members who chose them,
            // or chose none, are sent it (`CampusChoice.concerns`).
            CampusTags.fields[0], CampusTags.fields[1],
            // A copy (the correction of a sent one) starts as a draft with no time.
            FieldSpec("sending", trLater("Sending"), .choice(AnnouncementStatus.allCases.map(\.rawValue)), [.required, .notDuplicated],
                      help: trLater("draft (kept, not sent) or scheduled (sent by the store at its send time)."),
                      default: .string(AnnouncementStatus.draft.rawValue))
                .showingChoices { AnnouncementStatus(rawValue: $0)?.choiceTitle },
            FieldSpec("sendAt", trLater("Send at"), .dateTime, [.listed, .notDuplicated],
                      help: trLater("When the store sends it; empty when scheduled: as soon as it is saved.")),
            FieldSpec("urgent", trLater("Urgent"), .boolean,
                      help: trLater("Sent during quiet hours too, and shown at once on phones that hold back others (yes or no)."),
                      default: .bool(false)),
        ],
        titleField: "title", orderField: "sendAt", orderDescending: true)
        .rule { values, issues in AnnouncementRules.check(values, &issues) }
        .completing { values in AnnouncementRules.sendNowIfUntimed(&values, now: Date()) }
        .withStatus { fields, now in AnnouncementStatus.shown(fields, now: now) }
        .staffOnly()
        .admitted(reading: []) { change, _, now in AnnouncementRules.refusal(change, now: now) }
        .removable { fields, _ in AnnouncementRules.removalRefusal(fields) }
}

/// Whether an announcement waits as a draft or is on its way.
public enum AnnouncementStatus: String, CaseIterable, Sendable {
    case draft
    case scheduled

    public var title: String {
        switch self {
        case .draft: trc("announcement", "Draft")
        case .scheduled: trc("announcement", "Scheduled")
        }
    }

    /// What the editor's choice reads: what saving it does.
    public var choiceTitle: String {
        switch self {
        case .draft: trc("announcement", "Keep as a draft")
        case .scheduled: trc("announcement", "Send (now, or at the time below)")
        }
    }

    /// Draft, Scheduled, or Sent once its time has come.
    static func shown(_ fields: JSONValue, now: Date) -> RecordStatus {
        if AnnouncementRules.isSent(fields, now: now) { return RecordStatus(key: "sent", text: trc("announcement", "Sent")) }
        let status = (fields["sending"]?.stringValue).flatMap(AnnouncementStatus.init(rawValue:)) ?? .draft
        return RecordStatus(key: status.rawValue, text: status.title)
    }
}
