import Foundation
import Translation

/// One plain-text e-mail, written out as RFC 5322 wants it: Date (English names, whatever the
/// locale), From, To, Subject (RFC 2047 encoded-words when not ASCII), a unique Message-ID at
/// the sender's domain, MIME-Version, `text/plain; charset=utf-8`, a quoted-printable body,
/// CRLF line ends. Nothing staff type can add a header: a line break in any header value is
/// refused (`MailHeaderError`).
public struct MailMessage: Sendable, Hashable {
    public var from: String
    /// Shown before the sender's address ("Grace Church"); empty for the address alone.
    public var fromName: String
    public var to: String
    public var toName: String
    public var subject: String
    public var body: String
    public var date: Date
    public var messageID: String

    public init(from: String, fromName: String = "", to: String, toName: String = "", subject: String, body: String,
                date: Date = Date(), messageID: String? = nil) {
        self.from = from
        self.fromName = fromName
        self.to = to
        self.toName = toName
        self.subject = subject
        self.body = body
        self.date = date
        self.messageID = messageID ?? MessageID.make(from: from)
    }

    /// The message as it goes over SMTP. Throws `MailHeaderError` when a header value holds a
    /// line break or an address is not one.
    public func rendered(timeZone: TimeZone = .current) throws(MailHeaderError) -> Data {
        for (field, value) in [("from-name", fromName), ("to-name", toName), ("subject", subject), ("message-id", messageID)]
        where LineBreaks.present(in: value) {
            throw .lineBreak(field: field)
        }
        for (field, address) in [("from", from), ("to", to)] {
            if let problem = MailAddress.problem(address) { throw .badAddress(field: field, problem: problem) }
        }
        let headers = [
            "Date: " + MailDate.text(date, timeZone: timeZone),
            "From: " + Self.mailbox(name: fromName, address: from),
            "To: " + Self.mailbox(name: toName, address: to),
            HeaderFolding.fold(name: "Subject", text: subject),
            "Message-ID: " + messageID,
            "MIME-Version: 1.0",
            "Content-Type: text/plain; charset=utf-8",
            "Content-Transfer-Encoding: quoted-printable",
        ]
        return Data((headers.joined(separator: "\r\n") + "\r\n\r\n" + QuotedPrintable.encode(body) + "\r\n").utf8)
    }

    /// `Name <address>`: the name as it is when plain (quoted when it holds the specials of
    /// RFC 5322), encoded-words otherwise.
    static func mailbox(name: String, address: String) -> String {
        let name = name.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { return address }
        if EncodedWord.isPlain(name) {
            let specials = "()<>[]:;@\\,.\""
            let shown = name.contains(where: { specials.contains($0) })
                ? "\"" + name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
                : name
            return "\(shown) <\(address)>"
        }
        return EncodedWord.words(name).joined(separator: "\r\n ") + " <\(address)>"
    }
}

/// A header value that would change the message's structure or could not be sent.
public enum MailHeaderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A CR or LF (or NUL) in a header value: it would start a header of its own ("header
    /// injection").
    case lineBreak(field: String)
    case badAddress(field: String, problem: String)

    public var field: String {
        switch self {
        case .lineBreak(let field), .badAddress(let field, _): field
        }
    }

    public var description: String {
        switch self {
        case .lineBreak(let field):
            "\(field): " + tr("must be one line: a line break in a mail header could add headers of its own")
        case .badAddress(let field, let problem): "\(field): \(problem)"
        }
    }
}

/// A header written on lines SMTP accepts: a plain one folded at spaces near 78 characters,
/// one that is not ASCII as encoded-words, one per line.
enum HeaderFolding {
    static let preferredLength = 78

    static func fold(name: String, text: String) -> String {
        guard EncodedWord.isPlain(text) else {
            return name + ": " + EncodedWord.words(text).joined(separator: "\r\n ")
        }
        var lines: [String] = []
        var current = name + ":"
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            if current.count + 1 + word.count > preferredLength, current.count > name.count + 1,
               !word.isEmpty, current.last != " " {
                lines.append(current)
                current = ""
            }
            current += " " + word
        }
        lines.append(current)
        // A word too long to fold is a line over 78 but far below 998 unless staff typed a
        // 900-character word; that one is carried as encoded-words instead.
        if lines.contains(where: { $0.utf8.count > 998 }) {
            return name + ": " + EncodedWord.words(text).joined(separator: "\r\n ")
        }
        return lines.joined(separator: "\r\n")
    }
}
