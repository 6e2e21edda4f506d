import ArgumentParser
import CommandLineSupport
import Foundation
import StewardCore
import Translation

/// `--input FILE` (`-` for standard input): a record's fields as one JSON object, in the shape
/// `show --json` prints, so a record shown can be edited and given back.
struct RecordInputOption: ParsableArguments {
    @Option(name: .customLong("input"),
            help: ArgumentHelp("Read the fields from this file (- for standard input): one JSON object shaped like `show --json` prints it. Field options given too override it.",
                               valueName: "file"))
    var path: String?

    /// Keys `show --json` prints that are not fields: accepted, so its output can be given
    /// back, and ignored.
    static let printedOnly: Set<String> = ["id", "org", "version", "updatedAt", "status"]

    /// The object read, without the printed-only keys; nil without `--input`. Unreadable
    /// input is a usage error naming `input`.
    func object() throws -> [String: JSONValue]? {
        guard let path else { return nil }
        let data: Data
        if path == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            do {
                data = try Data(contentsOf: URL(fileURLWithPath: path))
            } catch {
                throw CLIError.usage("input: " + tr("cannot read {path}: {error}", ["path": path, "error": OneLine.text(error)]))
            }
        }
        let value: JSONValue
        do {
            value = try JSONValue.parse(data)
        } catch {
            throw CLIError.usage("input: \(error.description)")
        }
        guard case .object(var members) = value else {
            throw CLIError.usage("input: " + tr("must be one JSON object of fields, like `{command}` prints", ["command": "show --json"]))
        }
        for key in Self.printedOnly { members[key] = nil }
        return members
    }
}
