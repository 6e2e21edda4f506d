import ArgumentParser
import StewardCore

/// What `add` and `update` take for fields by default: `--input` and one option per declared
/// field, read together. Options given override the same fields in `--input`.
struct RecordFieldInput<Kind: RecordKind>: RecordFieldReader {
    @OptionGroup var input: RecordInputOption

    @Argument(parsing: .allUnrecognized,
              help: ArgumentHelp("One option per field, listed above.", valueName: "field-options"))
    var words: [String] = []

    /// The options are read from the words, so the help lists them from the declaration.
    static func fieldsHelp(_ type: RecordType, markingRequired: Bool) -> String? {
        RecordHelp.fieldOptions(type, markingRequired: markingRequired)
    }

    /// The fields given, by name, and the words that were no option (`update`'s id).
    func read(_ type: RecordType, command: String) throws -> (edit: [String: JSONValue], positionals: [String]) {
        let options = try RecordFieldArguments(words, type: type, command: command)
        // A file people write is typed too: "yes" for a flag, as its option takes it.
        var given = try input.object() ?? [:]
        for (name, value) in given {
            if case .string(let text) = value, let field = type.field(name) { given[name] = field.kind.typedValue(text) }
        }
        let fields = given.merging(options.values) { _, option in option }
        return (fields, options.positionals)
    }
}
