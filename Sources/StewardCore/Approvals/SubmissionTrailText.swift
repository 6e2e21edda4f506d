import Foundation
import Translation

/// How a move of a submission reads for people, the same in the window and the terminal:
/// "Changes requested by ann@riverton.example", never the store's `pending → changes-requested`.
public enum SubmissionTrailText {
    /// What happened, with who did it.
    public static func move(_ entry: SubmissionTransition, of submission: SubmissionRecord) -> String {
        let who = self.who(entry.by, of: submission)
        let from = SubmissionStatus(rawValue: entry.from)
        switch SubmissionStatus(rawValue: entry.to) {
        case .approved where entry.from == SubmissionTransition.newWord:
            return tr("Submitted by {who}, a trusted organizer: approved on arrival", ["who": who])
        case .approved:
            return tr("Approved by {who}", ["who": who])
        case .rejected:
            return tr("Rejected by {who}", ["who": who])
        case .changesRequested:
            return tr("Changes requested by {who}", ["who": who])
        case .pending where entry.from == SubmissionTransition.newWord:
            return tr("Submitted by {who}", ["who": who])
        case .pending where from == .changesRequested:
            return tr("Edited and sent back for review by {who}", ["who": who])
        case .pending where from == .approved:
            return tr("Changed after approval by {who}: back for review", ["who": who])
        case .pending:
            return tr("Edited by {who}", ["who": who])
        case nil:
            // A status this console does not know yet (a newer store): said as the store says it.
            return tr("{from} → {to}, by {who}", ["from": entry.from, "to": entry.to, "who": who])
        }
    }

    /// The submitter by name; staff by e-mail; an API token by its role.
    public static func who(_ by: String, of submission: SubmissionRecord) -> String {
        if by.hasPrefix("member:") {
            let email = String(by.dropFirst("member:".count))
            if email.caseInsensitiveCompare(submission.submitterEmail) == .orderedSame, !submission.submitterName.isEmpty {
                return submission.submitterName
            }
        }
        return who(by)
    }

    /// Who did something, from the store's `by` (`member:EMAIL`, `token:ROLE`, a staff
    /// e-mail) as people read it: the e-mail, "an API token (ROLE)" or the staff e-mail; never
    /// the store's `member:` prefix. Every list that shows a `by` (approvals, the passport's
    /// stamp ledger) says it this way.
    public static func who(_ by: String) -> String {
        if by.hasPrefix("member:") {
            return String(by.dropFirst("member:".count))
        }
        if by.hasPrefix("token:") {
            return tr("an API token ({role})", ["role": String(by.dropFirst("token:".count))])
        }
        return by.isEmpty ? tr("someone unknown") : by
    }

    /// "Tue 24 Nov 2026, 19:21" in the organization's zone.
    public static func when(_ date: Date, zone: TimeZone) -> String {
        DatePatternText.format(date, "EEE d MMM yyyy, HH:mm", zone: zone)
    }
}
