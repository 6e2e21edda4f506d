import CMagic
import Foundation

/// Reads a file's type from its first bytes with libmagic, never from its name: a program
/// renamed photo.jpg is a program.
public enum ContentSniffer {
    /// How many leading bytes are enough for libmagic's tests on the accepted types.
    public static let headLength = 8 * 1024

    /// libmagic's MIME type for `head` (the file's first bytes), e.g. "image/jpeg".
    public static func mimeType(of head: Data) -> String {
        Magic.shared.mimeType(of: head.prefix(headLength))
    }

    /// The accepted type of a file starting with `head`, or why it is refused.
    public static func accept(head: Data) -> Result<MediaType, MediaRefusal> {
        if head.isEmpty { return .failure(.empty) }
        let sniffed = mimeType(of: head)
        if sniffed == "image/svg+xml" || sniffed == "image/svg" || looksLikeSVG(head) { return .failure(.svg) }
        guard let type = MediaType.forSniffed(sniffed) else { return .failure(.notAccepted(sniffed: sniffed)) }
        return .success(type)
    }

    /// libmagic calls an SVG without an XML declaration text/xml or text/plain; an `<svg` near
    /// the start is enough to refuse it by name.
    static func looksLikeSVG(_ head: Data) -> Bool {
        guard let text = String(data: head.prefix(1024), encoding: .utf8)?.lowercased() else { return false }
        return text.contains("<svg")
    }
}

/// One libmagic cookie, loaded once; libmagic's cookies are not safe to share between threads,
/// so calls take turns.
final class Magic: @unchecked Sendable {
    static let shared = Magic()

    private let lock = NSLock()
    private let cookie: magic_t?

    private init() {
        // MAGIC_MIME_TYPE: the type alone, no charset. MAGIC_NO_CHECK_COMPRESS: a gzip is a gzip,
        // not what is inside it.
        let cookie = magic_open(MAGIC_MIME_TYPE | MAGIC_NO_CHECK_COMPRESS | MAGIC_ERROR)
        if let cookie, magic_load(cookie, nil) != 0 {
            magic_close(cookie)
            self.cookie = nil
        } else {
            self.cookie = cookie
        }
    }

    func mimeType(of bytes: Data) -> String {
        lock.lock()
        defer { lock.unlock() }
        guard let cookie else { return "application/octet-stream" }
        let answer = bytes.withUnsafeBytes { raw in
            magic_buffer(cookie, raw.baseAddress, raw.count)
        }
        return answer.map { String(cString: $0) } ?? "application/octet-stream"
    }
}
