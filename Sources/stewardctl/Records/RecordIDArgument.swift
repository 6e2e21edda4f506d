import ArgumentParser
import CommandLineSupport
import Foundation
import StewardCore
import Translation

/// The record id `show` and `remove` take, as `list` and `add` print it.
struct RecordIDArgument<Kind: RecordKind>: ParsableArguments {
    @Argument(help: ArgumentHelp("The \(Kind.type.helpNoun)'s id (as `stewardctl \(Kind.type.commandName) list` prints it).",
                                 valueName: "id"))
    var text: String

    func uuid() throws -> UUID {
        try Kind.id(text)
    }
}

/// Finding the record a command names, in the organization it works in.
enum RecordLookup {
    /// A typed id; a malformed one is a usage error (exit 2) naming `option`, as for events.
    static func id(_ text: String, of type: RecordType, option: String = "id") throws -> UUID {
        try id(text, option: option) { malformedID($0, of: type) }
    }

    /// A typed id; `malformed` says what is wrong with one that is no id.
    static func id(_ text: String, option: String = "id", malformed: (String) -> String) throws -> UUID {
        guard let id = UUID(uuidString: text.trimmingCharacters(in: .whitespaces)) else {
            throw CLIError.usage(option + ": " + malformed(text))
        }
        return id
    }

    static func malformedID(_ text: String, of type: RecordType) -> String {
        tr("must be a {noun} id like 3f2b8c1e-5d4a-4e7b-9c61-0a1b2c3d4e5f (got \"{value}\")", ["noun": type.noun, "value": text])
    }

    /// The live record, or a failure (exit 1) saying there is none.
    static func find(_ id: UUID, of type: RecordType, in org: Organization, service: RecordService) async throws -> LocalRecord {
        guard let record = try await service.record(type, id: id, in: org) else {
            throw CLIError.failure(tr("no {noun} with id {id} in {org}",
                                      ["noun": type.noun, "id": id.uuidString.lowercased(), "org": org.slug]))
        }
        return record
    }
}
