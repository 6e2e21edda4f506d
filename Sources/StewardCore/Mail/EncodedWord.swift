import Foundation

/// Header text that is not ASCII, as RFC 2047 encoded-words (`=?utf-8?B?...?=`): mail headers
/// are ASCII, so "Préstamos vencidos" travels as base64 of its UTF-8 bytes, in words of at most
/// 75 characters that never cut a character in two.
enum EncodedWord {
    /// 39 bytes are 52 base64 characters, a 64-character word with "=?utf-8?B?" and "?=": on
    /// the header's first line ("Subject: " before it) that stays within RFC 2047's 76.
    static let maxBytesPerWord = 39

    /// Whether `text` can stand in a header as it is.
    static func isPlain(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { $0.isASCII && ($0.value >= 32 || $0 == "\t") && $0.value != 127 }
    }

    /// The encoded-words of `text`, in order; a header joins them with folding white space
    /// (which readers drop between encoded-words).
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var chunk = [UInt8]()
        func flush() {
            guard !chunk.isEmpty else { return }
            words.append("=?utf-8?B?" + Data(chunk).base64EncodedString() + "?=")
            chunk = []
        }
        for character in text {
            let bytes = Array(String(character).utf8)
            if bytes.count > maxBytesPerWord {
                // A character longer than a word (a long emoji sequence): split by scalar.
                for scalar in character.unicodeScalars {
                    let scalarBytes = Array(String(scalar).utf8)
                    if chunk.count + scalarBytes.count > maxBytesPerWord { flush() }
                    chunk += scalarBytes
                }
                continue
            }
            if chunk.count + bytes.count > maxBytesPerWord { flush() }
            chunk += bytes
        }
        flush()
        return words
    }
}
