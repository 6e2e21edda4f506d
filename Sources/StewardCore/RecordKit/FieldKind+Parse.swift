import Foundation
import Translation

extension FieldSpec {
    /// Checks one field's value as a form, the CLI or another side gave it (text, or JSON of the
    /// right type) and returns its canonical JSON value. The same call serves the editor, the
    /// command line, pulled records and the store, so all of them accept exactly the same input.
    func parse(_ value: JSONValue?, zone: TimeZone) throws(FieldError) -> JSONValue {
        if FieldKind.isEmpty(value) {
            if isRequired { throw FieldError(tr("is required")) }
            if traits.contains(.todayWhenEmpty) { return .string(LocalDate(Date(), in: zone).description) }
            return defaultValue ?? kind.emptyValue
        }
        return try kind.parse(value!, zone: zone)
    }
}

extension FieldKind {
    /// The value of a field left empty.
    var emptyValue: JSONValue {
        switch self {
        case .text, .longText, .repeatRule: .string("")
        case .boolean: .bool(false)
        case .list, .words, .occurrences: .array([])
        case .timing: .object(TimingField.values(of: .untimed))
        default: .null
        }
    }

    /// `value` is not empty (see `FieldSpec.parse`).
    func parse(_ value: JSONValue, zone: TimeZone) throws(FieldError) -> JSONValue {
        switch self {
        case .text(let maxLength):
            let text = try Self.text(value)
            if text.contains(where: \.isNewline) { throw FieldError(tr("must be one line")) }
            return .string(try FieldParsers.limited(text, maxLength: maxLength))
        case .longText(let maxLength):
            return .string(try FieldParsers.limited(try Self.text(value), maxLength: maxLength))
        case .integer(let range):
            let number: Int64
            if let exact = value.int64Value {
                number = exact
            } else if case .string(let text) = value, let parsed = Int64(FieldParsers.trimmed(text)) {
                number = parsed
            } else {
                throw FieldError(tr("must be a whole number (got {value})", ["value": Self.shown(value)]))
            }
            guard range.contains(number) else {
                throw FieldError(tr("must be between {lowest} and {highest} (got {value})",
                                     ["lowest": String(range.lowerBound), "highest": String(range.upperBound),
                                      "value": String(number)]))
            }
            return .int(number)
        case .decimal(let range, let problem):
            guard let number = value.decimalValue, range.contains(number) else { throw FieldError(problem.text) }
            return .number(number)
        case .boolean:
            // Only a JSON flag: words people type ("yes") become one where they are typed
            // (`typedValue`), so text another side sends is a malformed record, not a flag.
            guard let flag = value.boolValue else {
                throw FieldError(tr("must be yes or no (got {value})", ["value": Self.shown(value)]))
            }
            return .bool(flag)
        case .date:
            let text = FieldParsers.trimmed(try Self.text(value))
            guard let day = LocalDate(iso: text) else {
                throw FieldError(tr("must be a date like 2026-12-06 (got \"{value}\")", ["value": text]))
            }
            return .string(day.description)
        case .dateTime:
            let text = FieldParsers.trimmed(try Self.text(value))
            guard let instant = DateTimeText.parse(text, zone: zone) else {
                throw FieldError(tr("must be a date and time like 2026-12-06T09:00 (got \"{value}\")", ["value": text]))
            }
            return .string(DateTimeText.utc(instant))
        case .duration:
            if let seconds = value.int64Value {
                guard (0...Self.longestDuration).contains(seconds) else {
                    throw FieldError(tr("must be between 0 and {highest} seconds (got {value})",
                                         ["highest": String(Self.longestDuration), "value": String(seconds)]))
                }
                return .int(seconds)
            }
            let text = FieldParsers.trimmed(try Self.text(value))
            guard let seconds = Self.durationSeconds(text), seconds <= Self.longestDuration else {
                throw FieldError(tr("must be a length like 45:12 or 1:02:03 (got \"{value}\")", ["value": text]))
            }
            return .int(seconds)
        case .webURL(let httpsOnly):
            guard let url = try FieldParsers.webURL(try Self.text(value)) else { return .null }
            if httpsOnly, !url.lowercased().hasPrefix("https://") {
                throw FieldError(tr("must be a secure address starting with https:// (got \"{value}\")", ["value": url]))
            }
            return .string(url)
        case .email:
            return JSONValue(try FieldParsers.email(try Self.text(value)))
        case .phone:
            return JSONValue(try FieldParsers.phone(try Self.text(value)))
        case .words(let maxItems, let maxLength):
            guard case .array(let items) = value else { throw FieldError(tr("must be a list of words")) }
            var words: [String] = []
            for (index, item) in items.enumerated() {
                // A comma would make two words of one when the list is typed again.
                guard case .string(let word) = item, !word.contains(",") else {
                    throw FieldError(tr("item {number} must be a word (got {value})",
                                        ["number": String(index + 1), "value": item.canonicalText]))
                }
                words.append(word)
            }
            return .array(try FieldParsers.words(words, maxItems: maxItems, maxLength: maxLength).map(JSONValue.string))
        case .repeatRule:
            return .string(try RepeatRule(checking: try Self.text(value)).text)
        case .occurrences(let maxItems):
            return .array(try OccurrenceKeys.parse(value, maxItems: maxItems).map(JSONValue.string))
        case .isbn:
            let text = try Self.text(value)
            do { return .string(try ISBN(text).isbn13) } catch { throw FieldError(error.description) }
        case .choice(let words):
            let word = FieldParsers.trimmed(try Self.text(value))
            guard words.contains(word) else {
                throw FieldError(tr("must be one of {choices} (got \"{value}\")",
                                     ["choices": words.joined(separator: ", "), "value": word]))
            }
            return .string(word)
        case .media(_, let httpsOnly):
            return .string(try MediaFieldValue.parse(try Self.text(value), httpsOnly: httpsOnly).text)
        case .reference:
            let text = FieldParsers.trimmed(try Self.text(value))
            guard let id = UUID(uuidString: text) else {
                throw FieldError(tr("must be a record id (got \"{value}\")", ["value": text]))
            }
            return .string(id.uuidString.lowercased())
        case .list(let itemFields, let maxItems):
            guard case .array(let items) = value else { throw FieldError(tr("must be a list (a JSON array of objects)")) }
            if items.count > maxItems {
                throw FieldError(tr("has too many items ({count}; at most {maximum})",
                                    ["count": String(items.count), "maximum": String(maxItems)]))
            }
            var parsed: [JSONValue] = []
            for (index, item) in items.enumerated() {
                do {
                    parsed.append(try RecordFields.check(item, fields: itemFields, zone: zone, noun: tr("item")))
                } catch {
                    let first = error.issues.first.map { ListItemIssue.fieldProblem($0, fields: itemFields) } ?? tr("is not valid")
                    throw FieldError(ListItemIssue.message(item: index + 1, first))
                }
            }
            return .array(parsed)
        case .timing(let limits):
            // On its own (not as keys of a record): an object of the six keys.
            guard case .object(let given) = value else { throw FieldError(tr("must be a JSON object")) }
            var issues = IssueCollector()
            guard let parsed = TimingField.parse(given, limits: limits, zone: zone, issues: &issues), issues.issues.isEmpty else {
                let first = issues.issues.first
                throw FieldError((first.map { "\($0.field): \($0.message)" }) ?? tr("is not valid"))
            }
            return .object(parsed)
        }
    }

    static let longestDuration: Int64 = 7 * 86_400

    /// Text, and nothing else: a number or a flag another side sends for a text field is a
    /// malformed record, refused naming the field rather than turned into text.
    private static func text(_ value: JSONValue) throws(FieldError) -> String {
        guard case .string(let text) = value else {
            throw FieldError(tr("must be text (got {value})", ["value": shown(value)]))
        }
        return text
    }

    private static func shown(_ value: JSONValue) -> String {
        if case .string(let text) = value { return "\"\(text)\"" }
        return value.canonicalText
    }

    /// `1:02:03`, `45:12` or `2712`.
    static func durationSeconds(_ text: String) -> Int64? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { return nil }
        var total: Int64 = 0
        for (index, part) in parts.enumerated() {
            guard !part.isEmpty, part.allSatisfy(\.isASCII), let number = Int64(part), number >= 0 else { return nil }
            if index > 0 && (number >= 60 || part.count != 2) { return nil }
            guard number <= longestDuration else { return nil }
            total = total * 60 + number
        }
        return total
    }
}

/// Checks a whole object of fields against a field list.
enum RecordFields {
    /// Every declared field, parsed; unknown keys are refused, naming the fields there are.
    static func check(_ input: JSONValue, fields: [FieldSpec], zone: TimeZone, noun: String) throws(ValidationError) -> JSONValue {
        var issues = IssueCollector()
        let values = try parsed(input, fields: fields, zone: zone, noun: noun, issues: &issues)
        try issues.throwIfAny()
        return .object(values)
    }

    /// The declared fields that parse; the problems of the others, and unknown keys, go to
    /// `issues`. Throws only when `input` is no object at all.
    static func parsed(_ input: JSONValue, fields: [FieldSpec], zone: TimeZone, noun: String,
                       issues: inout IssueCollector, unknownKeysRefused: Bool = true) throws(ValidationError) -> [String: JSONValue] {
        guard case .object(let given) = input else {
            throw ValidationError(field: "fields", message: tr("must be a JSON object"))
        }
        let keys = fields.flatMap(\.wireFields).map(\.name)
        let known = Set(keys)
        for key in given.keys.sorted() where unknownKeysRefused && !known.contains(key) {
            issues.add(FieldSpec.kebab(key), tr("is not a field of a {noun}; the fields are {fields}",
                                                ["noun": noun, "fields": keys.joined(separator: ", ")]))
        }
        var values: [String: JSONValue] = [:]
        for field in fields {
            if case .timing(let limits) = field.kind {
                // Its keys are the record's own; its problems are named by part (`starts`).
                if let parsed = TimingField.parse(given, limits: limits, zone: zone, issues: &issues) {
                    values.merge(parsed) { _, new in new }
                }
                continue
            }
            if let value = issues.check(field.reportName, { () throws(FieldError) in try field.parse(given[field.name], zone: zone) }) {
                values[field.name] = value
            }
        }
        return values
    }
}
