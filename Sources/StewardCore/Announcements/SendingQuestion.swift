import Foundation
import Translation

/// What the console asks before it saves an announcement that will be sent: one that goes to
/// every member (no audience tags), or an urgent one whose time falls in the quiet hours, so
/// neither reaches every phone, or wakes anyone, by a slip. Nothing is asked otherwise.
public struct SendingQuestion: Sendable, Equatable {
    /// The dialog's heading; nil when there is nothing to ask.
    public let heading: String?
    public let body: String
    /// It goes out as soon as it is saved (the answer reads "Send", not "Schedule").
    public let sendsNow: Bool

    /// `fields` as validated (scheduled, with its `sendAt`).
    public init(fields: JSONValue, sendAt: Date, now: Date, org: Organization, quietHours: QuietHours?) {
        let title = fields["title"]?.stringValue ?? ""
        let tags = (fields["audience"]?.arrayValue ?? []).compactMap(\.stringValue)
        // One for a campus or a ministry (`CampusTags`) is not for every member either.
        let forCampus = !CampusChoice(fields: fields).isEmpty
        let everyone = tags.isEmpty && !forCampus
        // A minute's grace: "now" typed as the current time is sent now.
        let sendsNow = sendAt.timeIntervalSince(now) < 60
        self.sendsNow = sendsNow
        let goesOut = sendsNow ? now : sendAt
        var quiet: QuietHours?
        if fields["urgent"]?.boolValue == true, let hours = quietHours, hours.end(containing: goesOut, zone: org.timeZone) != nil {
            quiet = hours
        }
        guard everyone || quiet != nil else {
            heading = nil
            body = ""
            return
        }
        if everyone {
            heading = sendsNow ? tr("Send to Every Member Now?") : tr("Schedule for Every Member?")
        } else {
            heading = tr("Send During Quiet Hours?")
        }
        let when = FieldKind.dateTime.displayText(.string(DateTimeText.utc(sendAt)), zone: org.timeZone)
        var lines: [String] = []
        switch (everyone, sendsNow) {
        case (true, true):
            lines.append(tr("“{title}” goes to the phones of every member of {org} as soon as it is saved.",
                            ["title": title, "org": org.name]))
        case (true, false):
            lines.append(tr("“{title}” goes to the phones of every member of {org} on {date}.",
                            ["title": title, "org": org.name, "date": when]))
        case (false, true) where tags.isEmpty:
            lines.append(tr("“{title}” goes to the phones of the members of its campus or ministry as soon as it is saved.",
                            ["title": title]))
        case (false, false) where tags.isEmpty:
            lines.append(tr("“{title}” goes to the phones of the members of its campus or ministry on {date}.",
                            ["title": title, "date": when]))
        case (false, true):
            lines.append(tr("“{title}” goes to the phones of members tagged {tags} as soon as it is saved.",
                            ["title": title, "tags": tags.joined(separator: ", ")]))
        case (false, false):
            lines.append(tr("“{title}” goes to the phones of members tagged {tags} on {date}.",
                            ["title": title, "tags": tags.joined(separator: ", "), "date": when]))
        }
        if let quiet {
            lines.append(tr("It is marked urgent, so it goes out during the quiet hours ({from} to {until}) instead of waiting for them to end.",
                            ["from": QuietHours.text(quiet.from), "until": QuietHours.text(quiet.until)]))
        }
        lines.append(tr("Once sent it cannot be changed; a correction is a new announcement."))
        body = lines.joined(separator: "\n\n")
    }
}

extension QuietHours {
    /// Minutes after midnight as the settings keep them: 21:30.
    static func text(_ minutes: Int) -> String {
        String(format: "%02d:%02d", minutes / 60, minutes % 60)
    }
}
