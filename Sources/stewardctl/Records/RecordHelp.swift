import StewardCore

/// The field options of a kit type, written for `--help` from the declaration: ArgumentParser
/// only lists options it parses itself, and these are parsed from the field list at run time.
enum RecordHelp {
    /// Where the help text starts, after `  --option <value>`; the width ArgumentParser uses.
    private static let helpColumn = 26
    private static let width = 79

    /// The value an option takes, as the help shows it: a long list of choices reads better in
    /// the help text than inside the angle brackets.
    static func valueName(_ field: FieldSpec) -> String {
        if case .choice(let words) = field.kind, words.count > 3 { return "word" }
        return field.kind.valueName
    }

    /// `  --name <text>             The fund's name …`, one option per field.
    static func fieldOptions(_ type: RecordType, markingRequired: Bool) -> String {
        // A timing's keys are options of their own: the generic commands cannot type one
        // timing yet (events keep their own options).
        type.wireFields.map { field in
            var help = field.declaredHelp.english
            if case .choice(let words) = field.kind, words.count > 3 {
                help += " One of: " + words.joined(separator: ", ") + "."
            }
            if let value = field.defaultValue {
                help += " Default: " + field.kind.editableText(value, zone: .gmt) + "."
            }
            if markingRequired, field.isRequired { help += " (required)" }
            return entry("--\(field.optionName) <\(valueName(field))>", help)
        }.joined(separator: "\n")
    }

    /// One option's lines: the label, then its help wrapped under the help column.
    private static func entry(_ label: String, _ help: String) -> String {
        let indent = String(repeating: " ", count: helpColumn)
        var lines: [String] = []
        var line = "  " + label
        if line.count + 2 > helpColumn {
            lines.append(line)
            line = indent
        } else {
            line = line.padding(toLength: helpColumn, withPad: " ", startingAt: 0)
        }
        var lineHasWords = false
        for word in help.split(separator: " ") {
            if lineHasWords, line.count + 1 + word.count > width {
                lines.append(line)
                line = indent
                lineHasWords = false
            }
            line += (lineHasWords ? " " : "") + word
            lineHasWords = true
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }
}

/// `--help` is English throughout, as ArgumentParser's own words are: what it takes from a
/// record type's declaration is the declaration's English, whatever the language.
extension RecordType {
    var helpNoun: String { nouns.one.english }
    var helpPluralNoun: String { nouns.many.english }
    /// "a fund", "an event".
    var helpNounWithArticle: String {
        ("aeiou".contains(helpNoun.prefix(1).lowercased()) ? "an " : "a ") + helpNoun
    }
}
