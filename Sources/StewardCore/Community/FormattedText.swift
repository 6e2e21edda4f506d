import Foundation
import Translation

/// The community pages' formatted text, kept as plain text anyone can type: a line starting
/// with `#` (or `##`) is a heading, a blank line ends a paragraph, `**bold**`, and
/// `[label](https://address)` a link. The app and the console's preview read the same blocks.
public enum FormattedText {
    public enum Span: Hashable, Sendable {
        case text(String)
        case bold(String)
        case link(label: String, url: String)
    }

    public enum Block: Hashable, Sendable {
        case heading(level: Int, text: String)
        case paragraph([Span])
    }

    public static func blocks(_ source: String) -> [Block] {
        var blocks: [Block] = []
        var paragraph: [String] = []
        func flush() {
            if !paragraph.isEmpty { blocks.append(.paragraph(spans(paragraph.joined(separator: " ")))) }
            paragraph = []
        }
        for raw in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty {
                flush()
            } else if line.hasPrefix("#") {
                flush()
                let level = min(3, line.prefix { $0 == "#" }.count)
                blocks.append(.heading(level: level, text: line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)))
            } else {
                paragraph.append(line)
            }
        }
        flush()
        return blocks
    }

    /// Bold and links within a paragraph; anything unmatched stays text.
    static func spans(_ text: String) -> [Span] {
        var spans: [Span] = []
        var plain = ""
        var rest = Substring(text)
        func flushPlain() {
            if !plain.isEmpty { spans.append(.text(plain)) }
            plain = ""
        }
        while let first = rest.first {
            if rest.hasPrefix("**"), let end = rest.dropFirst(2).range(of: "**") {
                flushPlain()
                spans.append(.bold(String(rest[rest.index(rest.startIndex, offsetBy: 2)..<end.lowerBound])))
                rest = rest[end.upperBound...]
            } else if first == "[", let close = rest.range(of: "]("), let end = rest[close.upperBound...].firstIndex(of: ")") {
                flushPlain()
                spans.append(.link(label: String(rest[rest.index(after: rest.startIndex)..<close.lowerBound]),
                                   url: String(rest[close.upperBound..<end])))
                rest = rest[rest.index(after: end)...]
            } else {
                plain.append(first)
                rest = rest.dropFirst()
            }
        }
        flushPlain()
        return spans
    }

    /// What is wrong with the text, in words staff can act on: links must be https.
    public static func problems(_ source: String) -> [String] {
        var problems: [String] = []
        for case .paragraph(let spans) in blocks(source) {
            for case .link(let label, let url) in spans where !url.lowercased().hasPrefix("https://") {
                problems.append(tr("the link “{label}” must be a secure address starting with https:// (got {url})",
                                   ["label": label, "url": url]))
            }
        }
        return problems
    }

    /// The text as Pango markup, for the console's preview: headings larger, links underlined
    /// in the link colour; everything typed is escaped.
    public static func pangoMarkup(_ source: String) -> String {
        blocks(source).map { block in
            switch block {
            case .heading(let level, let text):
                let size = level == 1 ? "x-large" : level == 2 ? "large" : "medium"
                return "<span size=\"\(size)\" weight=\"bold\">\(escape(text))</span>"
            case .paragraph(let spans):
                return spans.map { span in
                    switch span {
                    case .text(let text): escape(text)
                    case .bold(let text): "<b>\(escape(text))</b>"
                    case .link(let label, let url): "<a href=\"\(escape(url))\">\(escape(label))</a>"
                    }
                }.joined()
            }
        }.joined(separator: "\n\n")
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&apos;")
    }
}
