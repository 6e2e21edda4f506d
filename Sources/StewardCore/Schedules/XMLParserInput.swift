import Foundation
import Translation

/// What Foundation's XMLParser on Linux cannot be given, found by fuzzing the SOAP reader
/// (docs/fuzzing.md): each of these stopped the whole program inside the parser rather than
/// failing the parse, so the input is checked, or written the equivalent safe way, first.
enum XMLParserInput {
    /// `data`, ready for XMLParser; throws when it cannot be read safely.
    static func prepared(_ data: Data) throws(ScheduleFormatError) -> Data {
        // libxml2 hands a name that is not UTF-8 over as it is, and XMLParser traps on it.
        guard String(validating: data, as: UTF8.self) != nil || declaresEncoding(data) else {
            throw ScheduleFormatError(tr("not valid XML (the text is not UTF-8; save the file again as UTF-8)"))
        }
        return instructionsWithData(data)
    }

    /// Whether the file opens with an XML declaration naming one of the 8-bit encodings a text
    /// editor may save in (`<?xml version="1.0" encoding="ISO-8859-1"?>`), which libxml2 reads
    /// into UTF-8 itself. Anything less exact (an unknown name, a declaration libxml2 does not
    /// take as one) leaves libxml2 reading the bytes as they are.
    private static func declaresEncoding(_ data: Data) -> Bool {
        let head = String(decoding: data.prefix(200), as: Unicode.ASCII.self)
        let range = NSRange(head.startIndex..., in: head)
        guard let match = xmlDeclaration.firstMatch(in: head, range: range),
              let name = Range(match.range(at: 3), in: head) else { return false }
        return ["iso-8859-1", "latin1", "iso-8859-15", "windows-1252", "us-ascii"].contains(head[name].lowercased())
    }

    /// XML 1.0's `XMLDecl` up to its `EncodingDecl`: `<?xml`, `version`, then `encoding`.
    private static let xmlDeclaration = try! NSRegularExpression(
        pattern: #"^<\?xml[ \t\r\n]+version[ \t\r\n]*=[ \t\r\n]*(["'])[0-9.]+\1[ \t\r\n]+encoding[ \t\r\n]*=[ \t\r\n]*(["'])([A-Za-z][A-Za-z0-9._-]*)\2"#)

    /// A processing instruction with nothing after its target (`<?page?>`) reaches XMLParser
    /// with no data at all, which it reads as a C string at address zero. `<?page ?>` is the
    /// same instruction to XML and gives it an empty one: that space is added. Comments and
    /// CDATA sections are passed over, so the text of the document does not change.
    private static func instructionsWithData(_ data: Data) -> Data {
        let bytes = [UInt8](data)
        func starts(_ word: String, at index: Int) -> Bool {
            bytes.count - index >= word.utf8.count && bytes[index..<(index + word.utf8.count)].elementsEqual(word.utf8)
        }
        func end(of word: String, from index: Int) -> Int {
            var at = index
            while at < bytes.count, !starts(word, at: at) { at += 1 }
            return min(at + word.utf8.count, bytes.count)
        }
        guard bytes.contains(UInt8(ascii: "?")) else { return data }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 16)
        var index = 0
        while index < bytes.count {
            var next = index + 1
            if starts("<!--", at: index) {
                next = end(of: "-->", from: index + 4)
            } else if starts("<![CDATA[", at: index) {
                next = end(of: "]]>", from: index + 9)
            } else if starts("<?", at: index) {
                next = end(of: "?>", from: index + 2)
                let target = bytes[(index + 2)..<max(index + 2, next - 2)]
                if starts("?>", at: next - 2), !target.isEmpty, !target.contains(where: { [0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
                    out.append(contentsOf: bytes[index..<(next - 2)])
                    out.append(0x20)
                    out.append(contentsOf: "?>".utf8)
                    index = next
                    continue
                }
            }
            out.append(contentsOf: bytes[index..<next])
            index = next
        }
        return Data(out)
    }
}
