import ArgumentParser
import Foundation
import StewardCore

/// Names the record type a generic command works on. ArgumentParser needs a type per command,
/// so each declared type gets a marker here, one line each; everything else comes from the
/// declaration in StewardCore.
///
/// A type whose command line is older than the kit (events: `--starts`, `--link`, the JSON keys
/// scripts read) keeps it by supplying its own pieces here; each has the declaration's way as
/// its default (RecordKindExtensions.swift).
protocol RecordKind {
    static var type: RecordType { get }
    /// Commands written by hand for what is special to the type (a bulletin's PDF export).
    static var specialCommands: [any ParsableCommand.Type] { get }

    /// How `add` and `update` read the fields given: by default one option per declared field.
    associatedtype FieldReader: RecordFieldReader = RecordFieldInput<Self>
    /// What `list` takes to order its records, besides `--search` and `--limit`: by default
    /// nothing (the type's declared order).
    associatedtype ListOrder: RecordListOrder = DeclaredListOrder
    /// What part of a record `update` and `remove` may name: by default none (the whole record).
    associatedtype Scope: RecordEditScope = WholeRecord
    /// How the records print, as JSON and as text: by default from the declaration.
    static func printer(org: Organization, service: RecordService) async throws -> any RecordPrinter
    /// What is wrong with a typed id that is no id (after `id: `).
    static func malformedID(_ text: String) -> String
}

extension RecordKind {
    static var specialCommands: [any ParsableCommand.Type] { [] }

    static func printer(org: Organization, service: RecordService) async throws -> any RecordPrinter {
        try await RecordOutput.load(type, org: org, service: service)
    }

    static func malformedID(_ text: String) -> String {
        RecordLookup.malformedID(text, of: type)
    }

    /// A typed id; a malformed one is a usage error (exit 2) naming `id`.
    static func id(_ text: String) throws -> UUID {
        try RecordLookup.id(text, malformed: malformedID)
    }
}

enum BulletinKind: RecordKind {
    static var type: RecordType { .bulletin }
    static var specialCommands: [any ParsableCommand.Type] { [BulletinsExport.self] }
}
enum MessageKind: RecordKind { static var type: RecordType { .message } }
enum SeriesKind: RecordKind { static var type: RecordType { .series } }
enum FundKind: RecordKind { static var type: RecordType { .fund } }
enum EventCalendarKind: RecordKind { static var type: RecordType { .eventCalendar } }
enum PodcastKind: RecordKind { static var type: RecordType { .podcast } }
enum ReasonKind: RecordKind { static var type: RecordType { .reason } }

/// The `stewardctl TYPE …` command groups for the kit's types.
enum RecordKinds {
    static let commands: [any ParsableCommand.Type] = [
        RecordCommands<EventKind>.self, RecordCommands<EventCalendarKind>.self,
        RecordCommands<BulletinKind>.self, RecordCommands<MessageKind>.self, RecordCommands<SeriesKind>.self,
        RecordCommands<FundKind>.self, RecordCommands<PodcastKind>.self, RecordCommands<ReasonKind>.self,
        RecordCommands<AnnouncementKind>.self, RecordCommands<PushSettingsKind>.self,
    ]
}

/// `stewardctl TYPE`: list, show, add, update and remove records of one type.
struct RecordCommands<Kind: RecordKind>: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        let type = Kind.type
        return CommandConfiguration(
            commandName: type.commandName,
            abstract: "List, show, add, update and remove an organization's \(type.helpPluralNoun).",
            subcommands: [RecordList<Kind>.self, RecordShow<Kind>.self, RecordAdd<Kind>.self,
                          RecordUpdate<Kind>.self, RecordRemove<Kind>.self] + Kind.specialCommands)
    }
}
