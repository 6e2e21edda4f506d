import Foundation
import Testing
@testable import StewardCore

/// The message as it goes over SMTP: headers RFC 5322 and RFC 2047 accept, a body that no
/// transport mangles, and no way for what staff type to add a header.
@Suite("Mail message")
struct MailMessageTests {
    static let date = Date(timeIntervalSince1970: 1_796_000_000)  // 2026-11-30 00:53:20 UTC, a Monday

    static func message(subject: String = "Overdue books", body: String = "Hello,\nplease bring them back.",
                        fromName: String = "Maple Street Library") -> MailMessage {
        MailMessage(from: "office@maple.example", fromName: fromName, to: "ann@example.org", toName: "Ann Lee",
                    subject: subject, body: body, date: date, messageID: "<fixed@maple.example>")
    }

    static func text(_ message: MailMessage, zone: String = "UTC") throws -> String {
        String(decoding: try message.rendered(timeZone: TimeZone(identifier: zone)!), as: UTF8.self)
    }

    /// The headers unfolded (a continuation line joined to the one before), by lower-case name.
    static func headers(_ text: String) -> [String: String] {
        let head = text.components(separatedBy: "\r\n\r\n")[0].replacingOccurrences(of: "\r\n ", with: " ")
        var found: [String: String] = [:]
        for line in head.components(separatedBy: "\r\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            found[line[..<colon].lowercased()] = String(line[line.index(colon, offsetBy: 2)...])
        }
        return found
    }

    /// An RFC 2047 header value decoded back to text (B encoding, UTF-8 only: what we write).
    static func decodeWords(_ value: String) -> String {
        value.split(separator: " ").map { word -> String in
            guard word.hasPrefix("=?utf-8?B?"), word.hasSuffix("?=") else { return String(word) }
            let base64 = word.dropFirst("=?utf-8?B?".count).dropLast(2)
            return String(decoding: Data(base64Encoded: String(base64)) ?? Data(), as: UTF8.self)
        }.joined()
    }

    @Test("an ASCII message has every header once, CRLF line ends, and its body quoted-printable")
    func plain() throws {
        let text = try Self.text(Self.message())
        let headers = Self.headers(text)
        #expect(headers["date"] == "Mon, 30 Nov 2026 00:53:20 +0000")
        #expect(headers["from"] == "Maple Street Library <office@maple.example>")
        #expect(headers["to"] == "Ann Lee <ann@example.org>")
        #expect(headers["subject"] == "Overdue books")
        #expect(headers["message-id"] == "<fixed@maple.example>")
        #expect(headers["mime-version"] == "1.0")
        #expect(headers["content-type"] == "text/plain; charset=utf-8")
        #expect(headers["content-transfer-encoding"] == "quoted-printable")
        #expect(text.hasSuffix("\r\n\r\nHello,\r\nplease bring them back.\r\n"))
        // No bare LF anywhere: every line ends in CRLF.
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
    }

    @Test("a subject that is not ASCII goes as encoded-words of at most 75 characters that decode to it")
    func encodedSubject() throws {
        let subject = "Libros vencidos de la Biblioteca San José — recordatorio amistoso 📚 número 2"
        let text = try Self.text(Self.message(subject: subject))
        let raw = text.components(separatedBy: "\r\n\r\n")[0]
        #expect(raw.unicodeScalars.allSatisfy { $0.isASCII }, "headers must be ASCII")
        let value = try #require(Self.headers(text)["subject"])
        let words = value.split(separator: " ")
        #expect(words.count > 1, "a long subject takes several words")
        #expect(words.allSatisfy { $0.count <= 75 && $0.hasPrefix("=?utf-8?B?") })
        #expect(Self.decodeWords(value) == subject)
        // No line of the header section is over 78 characters.
        #expect(raw.components(separatedBy: "\r\n").allSatisfy { $0.count <= 78 })
    }

    @Test("a sender name that is not ASCII is encoded too, one with specials is quoted")
    func names() throws {
        let encoded = Self.headers(try Self.text(Self.message(fromName: "Parroquia San José")))
        #expect(encoded["from"]?.hasSuffix(" <office@maple.example>") == true)
        #expect(Self.decodeWords(String(encoded["from"]!.dropLast(" <office@maple.example>".count))) == "Parroquia San José")
        let quoted = Self.headers(try Self.text(Self.message(fromName: "St. Mark's, Downtown")))
        #expect(quoted["from"] == "\"St. Mark's, Downtown\" <office@maple.example>")
    }

    @Test("a line break in a header value is refused, whichever header", arguments: [
        "Overdue\r\nBcc: everyone@example.org", "Overdue\nBcc: x@example.org", "Overdue\rX: y",
    ])
    func headerInjection(subject: String) {
        #expect(throws: MailHeaderError.lineBreak(field: "subject")) { try Self.message(subject: subject).rendered() }
        var message = Self.message()
        message.toName = "Ann\r\nBcc: x@example.org"
        #expect(throws: MailHeaderError.lineBreak(field: "to-name")) { try message.rendered() }
        message = Self.message()
        message.to = "ann@example.org\r\nBcc: x@example.org"
        #expect(throws: MailHeaderError.self) { try message.rendered() }
        message = Self.message()
        message.from = "office@maple.example>\r\nBcc: <x@example.org"
        #expect(throws: MailHeaderError.self) { try message.rendered() }
    }

    @Test("the Date header is in English and RFC 5322's form in every locale and time zone")
    func englishDate() throws {
        // Whatever LANG says (make test-spanish runs this under es_ES.UTF-8), and compared with
        // a formatter pinned to the POSIX locale over a spread of dates and zones.
        let posix = DateFormatter()
        posix.locale = Locale(identifier: "en_US_POSIX")
        posix.dateFormat = "EEE, dd MMM yyyy HH:mm:ss Z"
        for zone in ["UTC", "Europe/Madrid", "America/Chicago", "Asia/Kolkata", "Pacific/Chatham"] {
            posix.timeZone = TimeZone(identifier: zone)
            for step in 0..<40 {
                let date = Self.date.addingTimeInterval(Double(step) * 86_400 * 9.37)
                #expect(MailDate.text(date, timeZone: TimeZone(identifier: zone)!) == posix.string(from: date))
            }
        }
        #expect(MailDate.text(Self.date, timeZone: TimeZone(identifier: "Europe/Madrid")!) == "Mon, 30 Nov 2026 01:53:20 +0100")
        let spanish = DateFormatter()
        spanish.locale = Locale(identifier: "es_ES")
        spanish.dateFormat = "EEE, dd MMM yyyy"
        spanish.timeZone = TimeZone(identifier: "UTC")
        // The check above would catch a Spanish date: the two really differ.
        #expect(!MailDate.text(Self.date, timeZone: TimeZone(identifier: "UTC")!).hasPrefix(spanish.string(from: Self.date)))
        let text = try Self.text(Self.message(), zone: "Europe/Madrid")
        #expect(Self.headers(text)["date"] == "Mon, 30 Nov 2026 01:53:20 +0100")
    }

    @Test("long lines and other bytes are quoted-printable, no line over 76 characters, and decode to the text")
    func longLines() throws {
        let long = String(repeating: "Préstamo vencido = devuélvalo pronto. ", count: 60) + "fin "
        let body = "Hola Ana,\n\n" + long + "\n" + String(repeating: "x", count: 2000) + "\nlast line\t"
        let text = try Self.text(Self.message(body: body))
        let encoded = text.components(separatedBy: "\r\n\r\n").dropFirst().joined(separator: "\r\n\r\n")
        let lines = encoded.components(separatedBy: "\r\n")
        #expect(lines.allSatisfy { $0.utf8.count <= 76 }, "every body line fits in 76 characters")
        #expect(encoded.unicodeScalars.allSatisfy { $0.isASCII })
        #expect(Self.decodeQuotedPrintable(encoded) == body.replacingOccurrences(of: "\n", with: "\r\n") + "\r\n")
    }

    @Test("a Message-ID is unique and at the sender's domain")
    func messageID() {
        let first = MessageID.make(from: "Office@Maple.Example")
        let second = MessageID.make(from: "office@maple.example")
        #expect(first != second)
        #expect(first.hasPrefix("<") && first.hasSuffix("@maple.example>"))
    }

    @Test("addresses with spaces, names, brackets or no domain are refused", arguments: [
        "", "ann", "ann@", "@example.org", "ann@example", "Ann <ann@example.org>", "ann lee@example.org",
        "ann@exam ple.org", "josé@example.org", "ann@example.org>", "ann@@example.org",
    ])
    func badAddress(address: String) {
        #expect(MailAddress.problem(address) != nil)
    }

    @Test("plain addresses pass", arguments: ["ann@example.org", "ann.lee+books@mail.example.co.uk", "o'brien@example.ie"])
    func goodAddress(address: String) {
        #expect(MailAddress.problem(address) == nil)
    }

    /// RFC 2045's quoted-printable, read back: soft breaks joined, =XX turned into bytes.
    static func decodeQuotedPrintable(_ text: String) -> String {
        var bytes: [UInt8] = []
        let source = Array(text.replacingOccurrences(of: "=\r\n", with: "").utf8)
        var index = 0
        while index < source.count {
            if source[index] == UInt8(ascii: "="), index + 2 < source.count,
               let value = UInt8(String(decoding: source[index + 1...index + 2], as: UTF8.self), radix: 16) {
                bytes.append(value)
                index += 3
            } else {
                bytes.append(source[index])
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
