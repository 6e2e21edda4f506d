import Foundation
import Translation

/// What Foundation's XMLParser on Linux cannot be given, found by fuzzing the SOAP reader
/// (docs/fuzzing.md): each of these stopped the whole program inside the parser rather than
/// failing the parse, so the input is checked, or written the equivalent safe way, first.
enum XMLParserInput {
    /// `data`, ready for XMLParser; throws when it cannot be read safely.
    static func prepared(_ data: Data) throws(ScheduleFormatError) -> Data {
        // libxml2 hands a name that is not UTF-8 over as it is wherever it does not convert the
        // text itself (when it recovers from a broken declaration, say), and XMLParser traps on
        // it. So it is given UTF-8 only: a file in an 8-bit encoding its declaration names is
        // converted here first.
        var text = data
        if String(validating: data, as: UTF8.self) == nil {
            guard let converted = convertedToUTF8(data) else {
                throw ScheduleFormatError(tr("not valid XML (the text is not UTF-8; save the file again as UTF-8)"))
            }
            text = converted
        }
        // Entities declared in a DOCTYPE can spell out what the checks here look for
        // (`&#60;?page?>`), and a SOAP message has no DOCTYPE (SOAP 1.1, section 3).
        if text.range(of: Data("<!DOCTYPE".utf8)) != nil {
            throw ScheduleFormatError(tr("not a SOAP answer (it has a DOCTYPE, which SOAP messages never have)"))
        }
        return instructionsWithData(text)
    }

    /// A file whose XML declaration names one of the 8-bit encodings a text editor may save in
    /// (`<?xml version="1.0" encoding="ISO-8859-1"?>`), as UTF-8 with a declaration that says so.
    private static func convertedToUTF8(_ data: Data) -> Data? {
        let head = String(decoding: data.prefix(200), as: Unicode.ASCII.self)
        guard let match = xmlDeclaration.firstMatch(in: head, range: NSRange(head.startIndex..., in: head)),
              let name = Range(match.range(at: 3), in: head),
              let encoding = eightBitEncodings[head[name].lowercased()],
              let decoded = String(data: data, encoding: encoding) else { return nil }
        // The declaration is ASCII, so its characters are where its bytes were.
        let nameStart = head.distance(from: head.startIndex, to: name.lowerBound)
        let nameEnd = head.distance(from: head.startIndex, to: name.upperBound)
        let characters = Array(decoded.unicodeScalars)
        var converted = String(String.UnicodeScalarView(characters[..<nameStart]))
        converted += "UTF-8"
        converted += String(String.UnicodeScalarView(characters[nameEnd...]))
        return Data(converted.utf8)
    }

    private static let eightBitEncodings: [String: String.Encoding] = [
        "iso-8859-1": .isoLatin1, "latin1": .isoLatin1, "windows-1252": .windowsCP1252, "cp1252": .windowsCP1252,
    ]

    /// XML 1.0's `XMLDecl` up to its `EncodingDecl`: `<?xml`, `version`, then `encoding`.
    private static let xmlDeclaration = try! NSRegularExpression(
        pattern: #"^<\?xml[ \t\r\n]+version[ \t\r\n]*=[ \t\r\n]*(["'])[^"'<>]*\1[ \t\r\n]+encoding[ \t\r\n]*=[ \t\r\n]*(["'])([A-Za-z][A-Za-z0-9._-]*)\2"#)

    /// A processing instruction with nothing after its target (`<?page?>`) reaches XMLParser
    /// with no data at all, which it reads as a C string at address zero. `<?page ?>` is the
    /// same instruction to XML and gives it an empty one: that space is added wherever the
    /// characters appear. libxml2 takes them for an instruction in places a reader of the text
    /// would not (after a broken declaration), so every occurrence is written so; in a CDATA
    /// section, where they are text, the text gains that space.
    private static func instructionsWithData(_ data: Data) -> Data {
        let bytes = [UInt8](data)
        guard bytes.contains(UInt8(ascii: "?")) else { return data }
        // Characters a target name cannot hold: white space and ? < >.
        let ends: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "?"), UInt8(ascii: "<"), UInt8(ascii: ">")]
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 16)
        var index = 0
        while index < bytes.count {
            out.append(bytes[index])
            if bytes[index] == UInt8(ascii: "<"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "?") {
                var end = index + 2
                while end < bytes.count, !ends.contains(bytes[end]) { end += 1 }
                if end > index + 2, end + 1 < bytes.count, bytes[end] == UInt8(ascii: "?"), bytes[end + 1] == UInt8(ascii: ">") {
                    out.append(contentsOf: bytes[(index + 1)..<end])
                    out.append(0x20)
                    index = end
                    continue
                }
            }
            index += 1
        }
        return Data(out)
    }
}
