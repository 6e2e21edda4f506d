import ArgumentParser
import CommandLineSupport
import Foundation
import StewardCore
import Translation

/// How `announcements add|update` read an announcement: the declaration's field options
/// (`--title`, `--body`, `--audience`, `--link`, `--record`, `--send-at`) and `--input`, as
/// every kit type, plus how to send it: `--send-now` (scheduled for this moment), `--send-at`
/// (scheduled for then) or `--draft` (kept, not sent). `add` needs one of the three.
struct AnnouncementFieldInput: RecordFieldReader {
    @OptionGroup var fields: RecordFieldInput<AnnouncementKind>

    @Flag(name: .long, help: "Send it as soon as the store has it (it is scheduled for now).")
    var sendNow = false

    @Flag(name: .long, help: "Keep it as a draft: the store does not send it.")
    var draft = false

    static func fieldsHelp(_ type: RecordType, markingRequired: Bool) -> String? {
        RecordFieldInput<AnnouncementKind>.fieldsHelp(type, markingRequired: markingRequired)
    }

    func read(_ type: RecordType, command: String) throws -> (edit: AnnouncementFieldEdit, positionals: [String]) {
        let (given, positionals) = try fields.read(type, command: command)
        return (AnnouncementFieldEdit(fields: given, sendNow: sendNow, draft: draft), positionals)
    }
}

/// The fields given, with how the announcement is to be sent.
struct AnnouncementFieldEdit: RecordFieldEdit {
    var fields: [String: JSONValue]
    var sendNow: Bool
    var draft: Bool
    var now = Date()

    var isEmpty: Bool { fields.isEmpty && !sendNow && !draft }

    func changes(to current: JSONValue?, orgZone: TimeZone) throws -> [String: JSONValue] {
        var changes = fields
        let sendAtGiven = fields["sendAt"].map { !FieldKind.isEmpty($0) } ?? false
        let ways = [sendNow, sendAtGiven, draft].filter { $0 }.count
        if ways > 1 {
            throw CLIError.usage(tr("give one of --send-now, --send-at or --draft, not several"))
        }
        if current == nil, ways == 0, changes["sending"] == nil {
            throw CLIError.usage(tr("say when to send it: --send-now, --send-at DATE-TIME, or --draft to keep it unsent"))
        }
        if sendNow {
            changes["sending"] = .string(AnnouncementStatus.scheduled.rawValue)
            changes["sendAt"] = .string(DateTimeText.utc(now))
        } else if sendAtGiven, changes["sending"] == nil {
            changes["sending"] = .string(AnnouncementStatus.scheduled.rawValue)
        } else if draft {
            changes["sending"] = .string(AnnouncementStatus.draft.rawValue)
        }
        return changes
    }
}
