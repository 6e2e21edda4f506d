import CommandLineSupport
import Foundation
import StewardCore
import Translation

/// A kit command's field options (`--name X`, `--publish-at=2026-12-06T09:00`), read from the
/// words ArgumentParser left unparsed: the options come from the declaration, not from
/// properties. Values stay as typed (text, or JSON for list fields); the declaration's
/// validation checks them later, with the rest of the record.
struct RecordFieldArguments {
    /// The values given, by field name.
    private(set) var values: [String: JSONValue] = [:]
    /// Words that are no option's value (the id `update` takes).
    private(set) var positionals: [String] = []

    /// `command` is how the help is asked for (`stewardctl funds add`), for error messages.
    init(_ words: [String], type: RecordType, command: String) throws {
        // A timing is typed key by key (`--starts-at`), which the timing field reads as the
        // record's keys; the generic commands have no options of its parts' names yet.
        let byOption = Dictionary(uniqueKeysWithValues: type.wireFields.map { ($0.optionName, $0) })
        var rest = words[...]
        while let word = rest.popFirst() {
            if word == "--" {
                positionals += rest
                break
            }
            guard word.hasPrefix("-"), word != "-", Double(word) == nil else {
                positionals.append(word)
                continue
            }
            let (name, inline) = Self.split(word)
            guard let field = byOption[name] else {
                let known = type.wireFields.map { "--" + $0.optionName }.joined(separator: ", ")
                throw CLIError.usage(tr("Unknown option '{option}'; the options for {noun} fields are {options} (see `{command}`)",
                                        ["option": word, "noun": type.noun, "options": known, "command": command + " --help"]))
            }
            let text: String
            if let inline {
                text = inline
            } else if case .boolean = field.kind {
                // `--active` alone means yes; `--active no` reads the word after it.
                if let next = rest.first, Self.booleanWords.contains(next.lowercased()) {
                    text = next
                    rest = rest.dropFirst()
                } else {
                    text = "yes"
                }
            } else if let next = rest.popFirst() {
                text = next
            } else {
                throw CLIError.usage(tr("Missing value for '{option}' (see `{command}`)",
                                        ["option": "--\(name) <\(RecordHelp.valueName(field))>", "command": command + " --help"]))
            }
            values[field.name] = try Self.value(text, of: field)
        }
    }

    private static let booleanWords: Set<String> = ["yes", "no", "true", "false", "1", "0", "on", "off"]

    /// `--name=value` → ("name", "value"); `--name` → ("name", nil).
    private static func split(_ word: String) -> (String, String?) {
        let body = word.drop(while: { $0 == "-" })
        guard let equals = body.firstIndex(of: "=") else { return (String(body), nil) }
        return (String(body[..<equals]), String(body[body.index(after: equals)...]))
    }

    /// Text as typed (a yes/no word as a flag, see `FieldKind.typedValue`), except for list fields, which take their items as JSON (as `show --json`
    /// prints them); an empty value clears the field.
    private static func value(_ text: String, of field: FieldSpec) throws -> JSONValue {
        guard case .list = field.kind, !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            return field.kind.typedValue(text)
        }
        do {
            return try JSONValue.parse(text)
        } catch {
            throw CLIError.usage("\(field.optionName): " + tr("must be a JSON array of objects, as `{command}` prints it ({error})",
                                                               ["command": "show --json", "error": error.description]))
        }
    }
}
