import Foundation

/// A `Range: bytes=...` header (RFC 9110 §14.2) for one range, as podcast players send when
/// they seek: `a-b`, `a-` or `-n` (the last n bytes).
enum ByteRange: Equatable {
    /// The inclusive byte range to send.
    case satisfiable(ClosedRange<Int64>)
    /// No byte of the file is in the range (416).
    case unsatisfiable
    /// Not a single bytes range the store answers partially: the whole file is sent (200), as
    /// RFC 9110 allows for a Range header a server does not support.
    case ignored

    static func parse(_ header: String, size: Int64) -> ByteRange {
        let text = header.trimmingCharacters(in: .whitespaces)
        guard text.lowercased().hasPrefix("bytes=") else { return .ignored }
        let spec = text.dropFirst("bytes=".count).trimmingCharacters(in: .whitespaces)
        // Several ranges would need multipart/byteranges; players ask for one.
        guard !spec.contains(","), let dash = spec.firstIndex(of: "-") else { return .ignored }
        let first = spec[..<dash].trimmingCharacters(in: .whitespaces)
        let last = spec[spec.index(after: dash)...].trimmingCharacters(in: .whitespaces)
        if first.isEmpty {
            guard let count = Int64(last), count >= 0 else { return .ignored }
            guard count > 0, size > 0 else { return .unsatisfiable }
            return .satisfiable(max(0, size - count)...(size - 1))
        }
        guard let start = Int64(first), start >= 0 else { return .ignored }
        let end: Int64
        if last.isEmpty {
            end = size - 1
        } else {
            guard let value = Int64(last), value >= start else { return .ignored }
            end = min(value, size - 1)
        }
        guard start < size else { return .unsatisfiable }
        return .satisfiable(start...end)
    }
}

