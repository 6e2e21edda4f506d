import ArgumentParser
import StewardCore

/// `stewardctl announcements` is the kit's generic commands, with the ways to say when it is
/// sent (`--send-now`, `--send-at`, `--draft`: `AnnouncementFieldInput`) and its report.
enum AnnouncementKind: RecordKind {
    static var type: RecordType { .announcement }
    typealias FieldReader = AnnouncementFieldInput
    static var specialCommands: [any ParsableCommand.Type] { [AnnouncementsReport.self] }
}

/// `stewardctl push-settings`: the organization's quiet hours, on the kit's generic commands.
enum PushSettingsKind: RecordKind { static var type: RecordType { .pushSettings } }
