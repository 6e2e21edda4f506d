/// Whether text holds a line break, looked for by Unicode scalar: Swift reads "\r\n" as one
/// Character equal to neither "\r" nor "\n", so a check by Character would let CRLF through
/// into a header or an SMTP command.
enum LineBreaks {
    static func present(in text: String) -> Bool {
        text.unicodeScalars.contains { $0 == "\r" || $0 == "\n" || $0 == "\0" }
    }
}
