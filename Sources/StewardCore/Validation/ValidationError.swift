import Translation

/// One problem with one field of a form, in words a person can act on.
public struct ValidationIssue: Hashable, Sendable, CustomStringConvertible {
    /// The field's name as the CLI spells its option (`title`, `starts`, `contact-email`...);
    /// the GUI maps it to the widget that shows the message.
    public var field: String
    public var message: String

    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }

    public var description: String { "\(field): \(message)" }
}

/// Everything wrong with a form at once, so a person can fix it all in one pass.
public struct ValidationError: Error, Hashable, Sendable, CustomStringConvertible {
    public var issues: [ValidationIssue]

    public init(_ issues: [ValidationIssue]) {
        self.issues = issues
    }

    public init(field: String, message: String) {
        self.issues = [ValidationIssue(field: field, message: message)]
    }

    public func message(for field: String) -> String? {
        issues.first { $0.field == field }?.message
    }

    /// One line, naming the first field: what the CLI prints on stderr.
    public var description: String {
        guard let first = issues.first else { return tr("invalid input") }
        let more = issues.count > 1 ? trn(" (and {count} more)", " (and {count} more)", issues.count - 1) : ""
        return "\(first.field): \(first.message)\(more)"
    }
}

/// Collects issues while a form is checked field by field.
struct IssueCollector {
    private(set) var issues: [ValidationIssue] = []

    mutating func add(_ field: String, _ message: String) {
        issues.append(ValidationIssue(field: field, message: message))
    }

    /// Runs a parse step; records its issue and returns nil when it fails.
    /// The field's name is only worked out for a problem: a bulk import checks a dozen fields
    /// of each of 20,000 rows, nearly all of them fine.
    mutating func check<T>(_ field: @autoclosure () -> String, _ parse: () throws(FieldError) -> T) -> T? {
        do {
            return try parse()
        } catch {
            add(field(), error.message)
            return nil
        }
    }

    func throwIfAny() throws(ValidationError) {
        if !issues.isEmpty { throw ValidationError(issues) }
    }
}

/// A single field's parse failure; the collector attaches the field name.
struct FieldError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
