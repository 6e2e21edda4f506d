import Foundation
import StewardCore
import Testing

/// The kit's commands come from the declarations, so their help must too: every declared type
/// (events aside, which keep their own commands) has its commands, and every field its option.
@Suite("stewardctl record commands' help")
struct RecordHelpTests {
    /// Types the store makes (members, submissions, notifications) are never added or updated
    /// here, nor entries of a ledger (stamps): their commands are written by hand (`approvals`,
    /// `members`, `stamps`). The gym's mirrored classes are written by `schedule` alone. The
    /// organization's one profile is shown and set (`profile show|set`, ProfileCommandTests).
    static let kitTypes = RecordTypes.all.filter {
        $0.entity != SyncEntity.event && !$0.isMadeByStore && !$0.isAppendOnly && !$0.isMirrored && $0.entity != RecordType.profile.entity
    }

    /// Help text with its line breaks and padding folded to single spaces.
    func folded(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    @Test("the tool lists a command for every declared type")
    func everyTypeHasCommands() async throws {
        let help = try await CLI().run(["--help"])
        let lines = help.stdoutLines.map { $0.trimmingCharacters(in: .whitespaces) }
        for type in Self.kitTypes {
            #expect(lines.contains { $0.hasPrefix(type.commandName + " ") }, "\(type.commandName) in\n\(help.stdout)")
            let group = try await CLI().run([type.commandName, "--help"])
            #expect(group.status == 0)
            for verb in ["list", "show", "add", "update", "remove"] {
                #expect(group.stdoutLines.contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix(verb + " ") },
                        "\(type.commandName) \(verb)")
            }
        }
    }

    @Test("add and update --help show every field's option, value name and help", arguments: kitTypes.map(\.commandName))
    func everyFieldHasAnOption(_ command: String) async throws {
        let type = try #require(RecordTypes.command(command))
        for verb in ["add", "update"] {
            let help = try await CLI().run([command, verb, "--help"])
            #expect(help.status == 0)
            let text = folded(help.stdout)
            for field in type.fields {
                let opening = field.help.split(separator: " ").prefix(3).joined(separator: " ")
                // The option, then its help within the next few words.
                let option = text.range(of: "--\(field.optionName) <").map { String(text[$0.lowerBound...].prefix(120)) }
                #expect(option?.contains(opening) == true, "\(command) \(verb): --\(field.optionName) then \"\(opening)\"")
            }
        }
    }
}
