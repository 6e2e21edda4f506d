import Foundation
import Translation

/// How a list field's problem names the item at fault ("item 2: heading is required"), and
/// how the editor finds that item again in the message, in whatever language it was written.
public enum ListItemIssue {
    public static func message(item position: Int, _ problem: String) -> String {
        // TRANSLATORS: a problem with one item of a list (a bulletin's sections), like
        // "item 2: heading is required".
        tr("item {number}: {problem}", ["number": String(position), "problem": problem])
    }

    /// "Heading is required": an item's field, by the label staff see, before what is wrong
    /// with it. `fields` are the item's; an issue of none of them keeps the name it came with.
    static func fieldProblem(_ issue: ValidationIssue, fields: [FieldSpec]) -> String {
        let label = fields.first { $0.reportName == issue.field || $0.name == issue.field }?.label ?? issue.field
        // TRANSLATORS: a field's name, then what is wrong with it, like "Heading is required".
        return tr("{field} {problem}", ["field": label, "problem": issue.message])
    }

    /// Where a line of a list's problem points: the item (1 for the first) and, when the problem
    /// begins with one of `labels` (the item's fields, as `fieldProblem` writes them), that field's
    /// index. Nil when the line names no item.
    public static func locate(_ line: String, itemCount: Int, labels: [String]) -> (item: Int, field: Int?)? {
        let marker = "\u{0}"
        let parts = message(item: 1, marker).components(separatedBy: marker)
        guard parts.count == 2 else { return nil }
        for position in 1...max(1, itemCount) where names(item: position, in: line) {
            let prefix = message(item: position, "").trimmingCharacters(in: .whitespaces).lowercased()
            let rest = line.lowercased().hasPrefix(prefix)
                ? String(line.dropFirst(prefix.count)).trimmingCharacters(in: .whitespaces) : ""
            // The longest label first, so "Link label" is not read as "Link".
            let field = labels.indices.sorted { labels[$0].count > labels[$1].count }
                .first { rest.lowercased().hasPrefix(labels[$0].lowercased() + " ") }
            return (position, field)
        }
        return nil
    }

    /// Whether `message` is about the item at `position` (1 for the first). The editor shows
    /// each problem as a sentence ("Item 2: heading is required") and several on lines of their
    /// own, so each line is read, its first letter in either case.
    public static func names(item position: Int, in message: String) -> Bool {
        let marker = "\u{0}"
        let parts = self.message(item: position, marker).components(separatedBy: marker)
        guard parts.count == 2 else { return false }
        let prefix = parts[0].lowercased()
        return message.split(whereSeparator: \.isNewline).contains { line in
            let line = String(line)
            guard line.lowercased().hasPrefix(prefix) else { return false }
            return parts[1].isEmpty || line.dropFirst(parts[0].count).contains(parts[1])
        }
    }
}
