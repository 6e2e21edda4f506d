import Foundation
import Translation

/// A list field whose items are a label and a value, typed one item a line as
/// `Label | value`, or the value alone (an event's links: `Parish site | https://…`). Short
/// lists read better this way than as an item-by-item form. Each line's value is checked as
/// its field is, so a line that is no item is named as typed; what stays to check (how many
/// items there may be, a label's length) is the declaration's, with the rest of the record.
public struct ListAsLines: Sendable {
    /// The item fields the two parts of a line fill.
    public let labelField: String
    public let valueField: String
    let declaredHint: Translatable
    /// Why a line is no item; `{line}` is the line as typed.
    let declaredLineProblem: Translatable

    public init(label: String, value: String, hint: Translatable, lineProblem: Translatable) {
        self.labelField = label
        self.valueField = value
        self.declaredHint = hint
        self.declaredLineProblem = lineProblem
    }

    /// Says how to type the lines ("One per line: Label | https://…").
    public var hint: String { declaredHint.text }

    /// The items typed in `text` as the list field's JSON; blank lines are skipped. A line that
    /// is no item is refused under the field's name.
    public func items(from text: String, of field: FieldSpec) throws(ValidationError) -> JSONValue {
        var items: [JSONValue] = []
        for rawLine in text.split(whereSeparator: \.isNewline) {
            let line = FieldParsers.trimmed(String(rawLine))
            guard !line.isEmpty else { continue }
            do throws(FieldError) {
                items.append(try item(from: line, of: field))
            } catch {
                throw ValidationError(field: field.reportName, message: error.message)
            }
        }
        return .array(items)
    }

    /// One line as an item: the value after the last bar (an address may hold none), the
    /// label before it.
    func item(from line: String, of field: FieldSpec) throws(FieldError) -> JSONValue {
        var label = ""
        var value = line
        if let bar = line.lastIndex(of: "|") {
            label = FieldParsers.trimmed(String(line[..<bar]))
            value = FieldParsers.trimmed(String(line[line.index(after: bar)...]))
        }
        guard case .list(let itemFields, _) = field.kind,
              let valueSpec = itemFields.first(where: { $0.name == valueField }),
              let checked = try? valueSpec.parse(.string(value), zone: .gmt), checked != .null else {
            throw FieldError(Placeholders.fill(declaredLineProblem.text, ["line": line]))
        }
        return .object([labelField: .string(label), valueField: checked])
    }

    /// The items of a stored value as lines; an item whose label is its value shows the value alone.
    public func text(of value: JSONValue?) -> String {
        (value?.arrayValue ?? []).map(line).joined(separator: "\n")
    }

    public func line(of item: JSONValue) -> String {
        let label = item[labelField]?.stringValue ?? ""
        let value = item[valueField]?.stringValue ?? ""
        return label.isEmpty || label == value ? value : "\(label) | \(value)"
    }
}
