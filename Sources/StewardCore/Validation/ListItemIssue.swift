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

    /// "heading is required": an item's field named before what is wrong with it.
    static func fieldProblem(_ issue: ValidationIssue) -> String {
        // TRANSLATORS: a field's name, then what is wrong with it, like "heading is required".
        tr("{field} {problem}", ["field": issue.field, "problem": issue.message])
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
