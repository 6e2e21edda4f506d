import Foundation
import StewardCore
import Translation

/// Where command output goes: text and JSON on stdout, warnings on stderr. Errors go through
/// `ErrorReport`.
enum Console {
    /// "stewardctl: warning: ..." on stderr: the command did its work, but something deserves
    /// attention.
    static func warn(_ message: String) {
        FileHandle.standardError.write(Data(("stewardctl: " + tr("warning: {message}", ["message": message]) + "\n").utf8))
    }

    /// "stewardctl: ..." on stderr: something worth knowing that is not wrong, kept off stdout
    /// so --json output stays one document.
    static func note(_ message: String) {
        FileHandle.standardError.write(Data(("stewardctl: " + message + "\n").utf8))
    }

    static func print(_ lines: [String]) {
        for line in lines { Swift.print(line) }
    }

    /// One JSON document, in its canonical text (keys sorted, no spaces), on one line.
    static func printJSON(_ value: JSONValue) {
        Swift.print(value.canonicalText)
    }
}

extension JSONValue {
    /// A string, or null when there is none.
    static func optional(_ text: String?) -> JSONValue {
        text.map { .string($0) } ?? .null
    }

    /// A number, or null when there is none.
    static func optional(_ number: Double?) -> JSONValue {
        number.map { .double($0) } ?? .null
    }
}
