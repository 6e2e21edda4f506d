import Foundation

/// What a search box's text and a record's searchable fields become before they are compared:
/// words folded to lower case without accents, every typed word matching the start of a
/// record's word. Book numbers are typed in many forms, so digits split by hyphens are one
/// word ("978-0-316" is "9780316"), and digits split by spaces too when together they make a
/// whole ISBN; a record's ISBN is also searchable by its ISBN-10 (see `indexText`), so any
/// form finds the book kept under its ISBN-13.
public enum SearchWords {
    /// The words of what a person typed, in the order typed.
    public static func words(_ text: String) -> [String] {
        var words = split(joinedDigits(folded(text)))
        words = joinSpacedISBN(words)
        return words
    }

    /// An FTS5 query for `text`: every word must start a word of the record; nil when nothing
    /// searchable was typed. Eight words at most, as the events list's search.
    public static func ftsQuery(_ text: String) -> String? {
        let words = words(text)
        guard !words.isEmpty else { return nil }
        return ftsQuery(words: Array(words.prefix(8)))
    }

    /// The FTS5 query matching records with a word starting with each of `words`.
    static func ftsQuery(words: [String]) -> String {
        words.map { "\"\($0)\"*" }.joined(separator: " ")
    }

    /// The text a record is found by: its searchable fields' strings (lists and objects
    /// included), and each ISBN's ISBN-10 form.
    static func indexText(of fields: JSONValue, type: RecordType) -> String {
        var parts: [String] = []
        for field in type.fields where field.isSearchable {
            let value = fields[field.name]
            parts.append(strings(in: value))
            if case .isbn = field.kind, let text = value?.stringValue, let isbn10 = (try? ISBN(text))?.isbn10 {
                parts.append(isbn10)
            }
        }
        return parts.filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// What the kit's search index keeps of a record (`RecordSearchIndex`): the searchable
    /// fields' words with the book number left out, and the number itself, which the index
    /// keeps in columns of its own so a typed prefix of it is a range read. A value of an ISBN
    /// field that is no valid ISBN stays among the words.
    static func indexedText(of fields: JSONValue, type: RecordType) -> (words: String, isbn: ISBN?) {
        var parts: [String] = []
        var isbn: ISBN?
        for field in type.fields where field.isSearchable {
            let value = fields[field.name]
            if case .isbn = field.kind, isbn == nil, let text = value?.stringValue, let valid = try? ISBN(text) {
                isbn = valid
                continue
            }
            parts.append(strings(in: value))
        }
        return (parts.filter { !$0.isEmpty }.joined(separator: " "), isbn)
    }

    /// A typed word that may start a book number: digits, with an ISBN-10's check `x` last.
    static func isNumber(_ word: String) -> Bool {
        guard let first = word.first, first.isPlainDigit else { return false }
        return word.dropLast().allSatisfy(\.isPlainDigit) && (word.last!.isPlainDigit || word.last == "x")
    }

    /// The words of a record's searchable text, as `words` makes them (for the in-memory search).
    static func recordWords(_ text: String) -> [Substring] {
        folded(text).split(whereSeparator: { !$0.isLetter && !$0.isNumber })
    }

    /// Lower case without accents. Plain ASCII text (most titles, every ISBN) only needs its
    /// capitals lowered, which is what folding does to it, some hundred times faster than
    /// Foundation's folding: a keystroke folds the typed text, an import every title twice.
    static func folded(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
        return text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    /// Every string in a value, lists included.
    static func strings(in value: JSONValue?) -> String {
        switch value {
        case .string(let text)?: text
        case .array(let items)?: items.map { strings(in: $0) }.joined(separator: " ")
        case .object(let members)?: members.values.map { strings(in: $0) }.joined(separator: " ")
        default: ""
        }
    }

    private static func split(_ text: String) -> [String] {
        text.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
    }

    /// Drops hyphens (and the other dashes) between a digit and a digit or an ISBN-10's `x`.
    private static func joinedDigits(_ text: String) -> String {
        let characters = Array(text)
        var kept = ""
        for (index, character) in characters.enumerated() {
            let dash = character == "-" || character == "\u{2010}" || character == "\u{2011}" || character == "\u{2013}"
            if dash, index > 0, index + 1 < characters.count, characters[index - 1].isPlainDigit,
               characters[index + 1].isPlainDigit || characters[index + 1] == "x" {
                continue
            }
            kept.append(character)
        }
        return kept
    }

    /// Runs of digit words that together make a whole, valid ISBN ("0 316 76948 7") become one.
    private static func joinSpacedISBN(_ words: [String]) -> [String] {
        var result: [String] = []
        var index = 0
        while index < words.count {
            var joined = false
            if words[index].allSatisfy(\.isPlainDigit) {
                var digits = ""
                var end = index
                while end < words.count, digits.count < 13,
                      words[end].allSatisfy({ $0.isPlainDigit || $0 == "x" }) {
                    digits += words[end]
                    end += 1
                    if end - index > 1, digits.count == 10 || digits.count == 13, (try? ISBN(digits)) != nil {
                        result.append(digits)
                        index = end
                        joined = true
                        break
                    }
                }
            }
            if !joined {
                result.append(words[index])
                index += 1
            }
        }
        return result
    }
}

private extension Character {
    var isPlainDigit: Bool { isASCII && isNumber }
}
