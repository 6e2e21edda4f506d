import Foundation

/// The cleaning every format's cells need before the book's declaration checks them: what
/// spreadsheet exports do to numbers and dates.
enum BookImportValues {
    /// A cell's text without Excel's formula quoting: Goodreads writes ISBNs as `="0316769487"`
    /// (and an empty one as `=""`) so spreadsheets keep their leading zeros.
    static func unquoted(_ cell: String) -> String {
        // Most cells have nothing to trim or unquote: they are returned as they are, without
        // Foundation's character sets (a Goodreads row has a dozen cells read this way).
        guard let first = cell.utf8.first, let last = cell.utf8.last else { return cell }
        if !isSpaceOrWide(first), !isSpaceOrWide(last), first != UInt8(ascii: "=") { return cell }
        var text = cell.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.hasPrefix("=\""), text.hasSuffix("\""), text.count >= 3 {
            text = String(text.dropFirst(2).dropLast())
        }
        return text.trimmingCharacters(in: .whitespaces)
    }

    /// ASCII white space, or a byte of a character outside ASCII (which may be white space).
    private static func isSpaceOrWide(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte) || byte >= 0x80
    }

    /// A day as `YYYY-MM-DD`: Goodreads writes `2013/01/05`; anything else is left for the
    /// date field to judge (and refuse with its own message).
    static func day(_ cell: String) -> String {
        let text = unquoted(cell)
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count == 3, parts[0].count == 4, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }) {
            return "\(parts[0])-\(pad(parts[1]))-\(pad(parts[2]))"
        }
        // A time after the day ("2021-03-04 10:22:01") says nothing the catalogue keeps.
        if text.count > 10, let space = text.firstIndex(where: { $0 == " " || $0 == "T" }),
           text.distance(from: text.startIndex, to: space) == 10 {
            return String(text[..<space])
        }
        return text
    }

    /// A star rating: 0 (and empty) is "not rated" in Goodreads and Libib alike; half stars
    /// round to the nearest whole one. A number that is no star count at all (an ISBN in the
    /// wrong column, "nan") is left as written, for the rating field to refuse in its words.
    static func rating(_ cell: String) -> String {
        let text = unquoted(cell)
        guard let stars = Double(text) else { return text }
        if stars == 0 { return "" }
        guard let whole = Int(exactly: stars.rounded()) else { return text }
        return String(whole)
    }

    /// Names joined as the book's `authors` field keeps them: separated by commas.
    static func names(_ cells: [String]) -> String {
        cells.flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
            .reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            .joined(separator: ", ")
    }

    /// A boolean field's text.
    static func flag(_ on: Bool) -> String { on ? "yes" : "no" }

    private static func pad(_ part: Substring) -> String {
        part.count == 1 ? "0" + part : String(part)
    }
}
