import ArgumentParser
import StewardCore

/// Names the record type a generic command works on. ArgumentParser needs a type per command,
/// so each declared type gets a marker here, one line each; everything else comes from the
/// declaration in StewardCore.
protocol RecordKind {
    static var type: RecordType { get }
    /// Commands written by hand for what is special to the type (a bulletin's PDF export).
    static var specialCommands: [any ParsableCommand.Type] { get }
}

extension RecordKind {
    static var specialCommands: [any ParsableCommand.Type] { [] }
}

enum BulletinKind: RecordKind {
    static var type: RecordType { .bulletin }
    static var specialCommands: [any ParsableCommand.Type] { [BulletinsExport.self] }
}
enum MessageKind: RecordKind { static var type: RecordType { .message } }
enum SeriesKind: RecordKind { static var type: RecordType { .series } }
enum FundKind: RecordKind { static var type: RecordType { .fund } }
enum PodcastKind: RecordKind { static var type: RecordType { .podcast } }
enum ReasonKind: RecordKind { static var type: RecordType { .reason } }

/// The `stewardctl TYPE …` command groups for the kit's types (events keep their own commands).
enum RecordKinds {
    static let commands: [any ParsableCommand.Type] = [
        RecordCommands<BulletinKind>.self, RecordCommands<MessageKind>.self, RecordCommands<SeriesKind>.self,
        RecordCommands<FundKind>.self, RecordCommands<PodcastKind>.self, RecordCommands<ReasonKind>.self,
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
