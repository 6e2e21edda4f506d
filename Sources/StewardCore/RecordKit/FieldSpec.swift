import Foundation
import Translation

/// One field of a record type: everything the editor, the list, the CLI, validation and sync
/// need to know about it. `name` is the field's one name: its JSON key on the wire and in the
/// database, and, in kebab case, its command-line option and the name validation reports. Its
/// label and help are declared in English and translated each time they are read.
public struct FieldSpec: Sendable {
    public struct Traits: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// Empty is refused.
        public static let required = Traits(rawValue: 1)
        /// A column of the record type's list.
        public static let listed = Traits(rawValue: 2)
        /// The list's search looks in it.
        public static let searchable = Traits(rawValue: 4)
        /// Staff's to set (it grants something: an event's passport stamps): what an app member
        /// sends for it is dropped and the stored value (or the default) kept, for a trusted
        /// organizer too. Staff set it from the console as any field.
        public static let setByStaff = Traits(rawValue: 8)
        /// Left out of the record while it holds its empty value: a field added to a type after
        /// records of it travelled (an event's repeat rule) changes nothing for records that do
        /// not use it, on the wire, in the dump or for older consoles and apps.
        public static let leftOutWhenEmpty = Traits(rawValue: 16)
        /// Not carried into a duplicate, which starts from the field's default: an
        /// announcement's sending state and time, so a correction of a sent one starts a draft.
        public static let notDuplicated = Traits(rawValue: 32)
        /// A date left empty is the day it is written, in the organization's zone: a review's
        /// day, the day a book joined a reading list. Every side that checks the record (the
        /// console, the command line) fills it before it travels, so the store and pulls see
        /// it set and store the same value.
        public static let todayWhenEmpty = Traits(rawValue: 64)
    }

    public let name: String
    public let declaredLabel: Translatable
    public let kind: FieldKind
    public let traits: Traits
    /// One sentence for the CLI's help and the editor's hint.
    public let declaredHelp: Translatable
    /// For a list field, what one of its items is called ("Section" of "Sections"); nil: the
    /// label.
    public let declaredItemLabel: Translatable?
    /// The value a field left empty takes (`position` 0, `active` true); nil: the kind's empty value.
    public let defaultValue: JSONValue?
    /// The name validation reports problems under when it is not the option name: an event's
    /// links are typed one `--link` at a time, so their problems name `link`.
    public let reportedAs: String?
    /// How a `.choice` word reads to staff (a question's "single-choice" as "Single choice");
    /// nil: the word made readable (`ChoiceWords.readable`). Lists and editors show this, never
    /// the stored word.
    public private(set) var choiceTitles: (@Sendable (String) -> String?)? = nil

    public init(_ name: String, _ label: Translatable, _ kind: FieldKind, _ traits: Traits = [], help: Translatable,
                item itemLabel: Translatable? = nil, default defaultValue: JSONValue? = nil, reportedAs: String? = nil) {
        self.name = name
        self.declaredLabel = label
        self.kind = kind
        self.traits = traits
        self.declaredHelp = help
        self.declaredItemLabel = itemLabel
        self.defaultValue = defaultValue
        self.reportedAs = reportedAs
    }

    /// This field with its choice words read through `title`: the words' own names in the
    /// person's language.
    public func showingChoices(_ title: @escaping @Sendable (String) -> String?) -> FieldSpec {
        var copy = self
        copy.choiceTitles = title
        return copy
    }

    /// A choice word as staff read it.
    public func title(ofChoice word: String) -> String {
        choiceTitles?(word) ?? ChoiceWords.readable(word)
    }


    /// "Publish at", in the person's language.
    public var label: String { declaredLabel.text }
    /// The help sentence, in the person's language.
    public var help: String { declaredHelp.text }
    /// "Section", in the person's language.
    public var itemLabel: String { (declaredItemLabel ?? declaredLabel).text }

    public var isRequired: Bool { traits.contains(.required) }
    public var isListed: Bool { traits.contains(.listed) }
    public var isSearchable: Bool { traits.contains(.searchable) }
    public var isSetByStaff: Bool { traits.contains(.setByStaff) }
    public var isLeftOutWhenEmpty: Bool { traits.contains(.leftOutWhenEmpty) }

    /// The command-line spelling: `publishAt` → `publish-at`, `audioURL` → `audio-url`.
    public var optionName: String { Self.kebab(name) }

    /// The name validation reports this field's problems under: its option name unless it
    /// declares another.
    public var reportName: String { reportedAs ?? optionName }

    public static func kebab(_ name: String) -> String {
        let characters = Array(name)
        var out = ""
        for (index, character) in characters.enumerated() {
            if character.isUppercase, index > 0 {
                let previous = characters[index - 1]
                let nextIsLower = index + 1 < characters.count && characters[index + 1].isLowercase
                if previous.isLowercase || previous.isNumber || (previous.isUppercase && nextIsLower) {
                    out.append("-")
                }
            }
            out.append(contentsOf: character.lowercased())
        }
        return out
    }
}

/// Choice words as stored ("changes-requested", "not_interested") made readable for a field
/// that declares no names of its own: "Changes requested".
public enum ChoiceWords {
    public static func readable(_ word: String) -> String {
        let spaced = word.replacingOccurrences(of: "-", with: " ").replacingOccurrences(of: "_", with: " ")
        guard let first = spaced.first else { return spaced }
        return first.uppercased() + spaced.dropFirst()
    }
}
