import CZlib
import Foundation

/// gzip bodies for the sync protocol, on both sides: the console compresses pushes and asks for
/// compressed pulls; the store does the reverse. Plain zlib, so no extra dependency.
public enum Gzip {
    public enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
        /// The input is not gzip (or zlib) data, or is cut short.
        case corrupt
        /// Decompressing would exceed the caller's limit: a zip bomb, or simply too big.
        case tooLarge(limit: Int)
        /// zlib itself failed (out of memory, version mismatch).
        case zlib(code: Int32)

        public var description: String {
            switch self {
            case .corrupt: "the body is not valid gzip data"
            case .tooLarge(let limit): "the body is larger than \(limit) bytes once decompressed"
            case .zlib(let code): "zlib failed with code \(code)"
            }
        }
    }

    /// windowBits 15 (32 KiB, zlib's maximum) + 16: write a gzip header and trailer, not zlib's.
    private static let gzipWindowBits: Int32 = 15 + 16
    /// windowBits 15 + 32: read either a gzip or a zlib header, whichever the sender used.
    private static let autoDetectWindowBits: Int32 = 15 + 32
    private static let chunk = 64 * 1024

    /// Compresses `data` into one gzip member. Level 1 by default: sync bodies are JSON of
    /// similar records, which the fastest level already shrinks to a few tenths; the default
    /// level took about three times the CPU for a few percent less, on both sides of a push.
    public static func compress(_ data: Data, level: Int32 = Z_BEST_SPEED) -> Data {
        var stream = z_stream()
        // deflateInit2 is a C macro that Swift cannot import; this is what it expands to.
        let status = deflateInit2_(&stream, level, Z_DEFLATED, gzipWindowBits, 8, Z_DEFAULT_STRATEGY,
                                   zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        // Only out-of-memory or a broken zlib can fail here; neither is recoverable by callers.
        precondition(status == Z_OK, "deflateInit2 failed with \(status)")
        defer { deflateEnd(&stream) }

        var output = Data()
        var input = data
        let inputCount = input.count
        input.withUnsafeMutableBytes { (inputBytes: UnsafeMutableRawBufferPointer) in
            stream.next_in = inputBytes.baseAddress?.assumingMemoryBound(to: Bytef.self)
            stream.avail_in = uInt(inputCount)
            var buffer = [UInt8](repeating: 0, count: chunk)
            var result: Int32 = Z_OK
            repeat {
                buffer.withUnsafeMutableBufferPointer { out in
                    stream.next_out = out.baseAddress
                    stream.avail_out = uInt(out.count)
                    result = deflate(&stream, Z_FINISH)
                    output.append(out.baseAddress!, count: out.count - Int(stream.avail_out))
                }
            } while result == Z_OK
            precondition(result == Z_STREAM_END, "deflate failed with \(result)")
        }
        return output
    }

    /// Decompresses gzip (or zlib) data, refusing to produce more than `limit` bytes so that a
    /// small hostile body cannot make the reader allocate gigabytes.
    public static func decompress(_ data: Data, limit: Int) throws(Failure) -> Data {
        var stream = z_stream()
        let status = inflateInit2_(&stream, autoDetectWindowBits, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else { throw .zlib(code: status) }
        defer { inflateEnd(&stream) }

        var output = Data()
        var input = data
        let inputCount = input.count
        let outcome: Failure? = input.withUnsafeMutableBytes { (inputBytes: UnsafeMutableRawBufferPointer) -> Failure? in
            stream.next_in = inputBytes.baseAddress?.assumingMemoryBound(to: Bytef.self)
            stream.avail_in = uInt(inputCount)
            var buffer = [UInt8](repeating: 0, count: chunk)
            while true {
                var result: Int32 = Z_OK
                var overLimit = false
                buffer.withUnsafeMutableBufferPointer { out in
                    stream.next_out = out.baseAddress
                    stream.avail_out = uInt(out.count)
                    result = inflate(&stream, Z_NO_FLUSH)
                    let produced = out.count - Int(stream.avail_out)
                    if output.count + produced > limit {
                        overLimit = true
                    } else if produced > 0 {
                        output.append(out.baseAddress!, count: produced)
                    }
                }
                if overLimit { return .tooLarge(limit: limit) }
                switch result {
                case Z_STREAM_END:
                    // Trailing bytes after the gzip member are not something our peers send.
                    return stream.avail_in == 0 ? nil : .corrupt
                case Z_OK:
                    continue
                case Z_BUF_ERROR:
                    // No progress possible with a fresh output buffer: the input ended before
                    // the stream did. (Returning here also rules out an endless loop.)
                    return .corrupt
                case Z_MEM_ERROR:
                    return .zlib(code: result)
                default:
                    return .corrupt
                }
            }
        }
        if let outcome { throw outcome }
        return output
    }
}
