import Foundation

extension FieldKind {
    /// The value of text a person typed for a field of this kind (a command-line option, a
    /// spreadsheet cell, an entry): a yes/no word becomes a flag, a comma-separated line a list
    /// of words, anything else stays text for validation to check. Validation itself takes JSON
    /// of the kind's own type only, so what another side sends is never reinterpreted.
    public func typedValue(_ text: String) -> JSONValue {
        switch self {
        case .boolean:
            switch FieldParsers.trimmed(text).lowercased() {
            case "yes", "true", "1", "on": return .bool(true)
            case "no", "false", "0", "off": return .bool(false)
            default: return .string(text)
            }
        case .words, .occurrences:
            if FieldParsers.trimmed(text).isEmpty { return .array([]) }
            return .array(text.split(whereSeparator: { $0 == "," || $0 == "\n" }).map { .string(String($0)) })
        default:
            return .string(text)
        }
    }
}
