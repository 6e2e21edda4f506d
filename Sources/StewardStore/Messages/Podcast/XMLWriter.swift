/// Writes an XML document element by element, escaping every text and attribute value, so no
/// field a staff member typed can break the document or add markup to it. Small on purpose:
/// the podcast feed is the only XML the store writes.
struct XMLWriter {
    typealias Attributes = [(name: String, value: String)]

    private(set) var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    private var open: [String] = []

    /// Opens an element whose children follow; `close()` ends it.
    mutating func start(_ name: String, _ attributes: Attributes = []) {
        line("<\(name)\(Self.attributeText(attributes))>")
        open.append(name)
    }

    mutating func close() {
        guard let name = open.popLast() else { return }
        line("</\(name)>")
    }

    /// An element with text content; with no text, an empty element (`<name/>`).
    mutating func element(_ name: String, _ content: String? = nil, _ attributes: Attributes = []) {
        if let content {
            line("<\(name)\(Self.attributeText(attributes))>\(Self.escape(content))</\(name)>")
        } else {
            line("<\(name)\(Self.attributeText(attributes))/>")
        }
    }

    private mutating func line(_ markup: String) {
        text += String(repeating: "  ", count: open.count) + markup + "\n"
    }

    private static func attributeText(_ attributes: Attributes) -> String {
        attributes.map { " \($0.name)=\"\(escape($0.value))\"" }.joined()
    }

    /// The five predefined entities, and no character XML 1.0 forbids (control characters
    /// other than tab and line breaks, U+FFFE, U+FFFF): a parser would refuse the whole feed.
    static func escape(_ text: String) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
