import Foundation

/// How a partial upload lies in the bucket: one object per chunk, `{upload key}.parts/{offset}`
/// with the offset in 16 digits (keys then list in offset order), and how the parts are grouped
/// into the parts of the finished object's multipart upload.
enum S3UploadParts {
    /// A stretch of a file held by one object: a part of a partial upload, or a whole object.
    struct Segment: Sendable, Equatable {
        var key: String
        var start: Int64
        var size: Int64
        var end: Int64 { start + size }
    }

    static func prefix(of upload: String) -> String { "\(upload).parts/" }

    static func key(of upload: String, at offset: Int64) -> String {
        let digits = String(offset)
        return prefix(of: upload) + String(repeating: "0", count: max(0, 16 - digits.count)) + digits
    }

    /// The listed objects that are parts of `upload`, by offset (anything else under the prefix
    /// is left out).
    static func segments(listed: [S3Client.Object], upload: String) -> [Segment] {
        let parts = Self.prefix(of: upload)
        return listed.compactMap { object -> Segment? in
            guard object.key.hasPrefix(parts), let start = Int64(object.key.dropFirst(parts.count)) else { return nil }
            return Segment(key: object.key, start: start, size: object.size)
        }.sorted { $0.start < $1.start }
    }

    /// The parts that follow each other from byte 0: what the upload holds. A part past a gap
    /// (left by a write that failed half-way) is not counted; the next write there replaces it.
    static func contiguous(_ parts: [Segment]) -> [Segment] {
        var held: [Segment] = []
        var end: Int64 = 0
        for part in parts where part.start == end && part.size > 0 {
            held.append(part)
            end = part.end
        }
        return held
    }

    /// The parts in order, grouped so that every group but the last holds `minimumBytes` at
    /// least (S3 refuses smaller multipart parts). A part that is large enough stands alone, to
    /// be copied inside the object store.
    static func groups(_ parts: [Segment], minimumBytes: Int64) -> [[Segment]] {
        var groups: [[Segment]] = []
        var current: [Segment] = []
        var size: Int64 = 0
        for part in parts {
            current.append(part)
            size += part.size
            if size >= minimumBytes {
                groups.append(current)
                current = []
                size = 0
            }
        }
        if !current.isEmpty { groups.append(current) }
        return groups
    }
}
