import Foundation

/// A text body as quoted-printable (RFC 2045 section 6.7): ASCII stays readable, other bytes
/// become "=XX", and lines longer than 76 characters are broken with soft line breaks ("=" at
/// the end), so no line of the message comes near SMTP's 998-byte limit whatever staff typed.
/// Line ends are CRLF.
enum QuotedPrintable {
    static let maxLineLength = 76

    static func encode(_ text: String) -> String {
        let normalized = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        return normalized.split(separator: "\n", omittingEmptySubsequences: false)
            .map { encodeLine(Array($0.utf8)) }
            .joined(separator: "\r\n")
    }

    private static func encodeLine(_ bytes: [UInt8]) -> String {
        var lines: [String] = []
        var current = ""
        for (index, byte) in bytes.enumerated() {
            let isLast = index == bytes.count - 1
            let token: String
            switch byte {
            // Space and tab stay, but not at the end of a line, where transports drop them.
            case 32, 9: token = isLast ? escaped(byte) : String(UnicodeScalar(byte))
            case 61: token = escaped(byte)
            case 33...126: token = String(UnicodeScalar(byte))
            default: token = escaped(byte)
            }
            // Room is kept for the soft break's "=", unless this is the line's last token.
            let limit = isLast ? maxLineLength : maxLineLength - 1
            if current.count + token.count > limit {
                lines.append(current + "=")
                current = ""
            }
            current += token
        }
        lines.append(current)
        return lines.joined(separator: "\r\n")
    }

    private static func escaped(_ byte: UInt8) -> String {
        let hex = Array("0123456789ABCDEF")
        return "=" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 0x0F)])
    }
}
