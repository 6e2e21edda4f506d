import Foundation
import Hummingbird
import NIOCore

/// Media kept in memory, for tests: the same contract as the folder, nothing on disk.
public final class MemoryMediaStorage: MediaStorage, @unchecked Sendable {
    private let lock = NSLock()
    private var files: [String: Data] = [:]

    public init() {}

    private func withFiles<T>(_ body: (inout [String: Data]) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&files)
    }

    public func writeUpload<Body: AsyncSequence & Sendable>(key: String, at offset: Int64, body: Body, limit: Int64) async throws -> Int64
        where Body.Element == ByteBuffer {
        var held = withFiles { $0[key] ?? Data() }
        guard offset <= Int64(held.count) else { throw MediaStorageFailure.offsetPastEnd(held: Int64(held.count)) }
        held = held.prefix(Int(offset))
        for try await buffer in body {
            guard Int64(held.count + buffer.readableBytes) <= limit else {
                let kept = held
                withFiles { $0[key] = kept }
                throw MediaStorageFailure.pastLimit(limit: limit)
            }
            held.append(contentsOf: buffer.readableBytesView)
        }
        let kept = held
        withFiles { $0[key] = kept }
        return Int64(kept.count)
    }

    public func read(key: String, offset: Int64, length: Int) async throws -> Data {
        guard let data = withFiles({ $0[key] }) else { throw CocoaError(.fileNoSuchFile) }
        let start = min(Int(offset), data.count)
        return Data(data[data.startIndex + start ..< data.startIndex + min(data.count, start + length)])
    }

    public func chunks(key: String) -> AsyncThrowingStream<Data, any Error> {
        let data = withFiles { $0[key] }
        return AsyncThrowingStream { continuation in
            if let data { continuation.yield(data); continuation.finish() } else { continuation.finish(throwing: CocoaError(.fileNoSuchFile)) }
        }
    }

    public func promote(upload: String, to key: String) async throws {
        try withFiles { files in
            guard let data = files.removeValue(forKey: upload) else { throw CocoaError(.fileNoSuchFile) }
            files[key] = data
        }
    }

    public func put(key: String, data: Data) async throws {
        withFiles { $0[key] = data }
    }

    public func size(key: String) async throws -> Int64? {
        withFiles { $0[key].map { Int64($0.count) } }
    }

    public func responseBody(key: String, range: ClosedRange<Int64>, context: some RequestContext) async throws -> ResponseBody {
        guard let data = withFiles({ $0[key] }) else { throw StoreHTTPError.notFound("no such media") }
        let slice = data[data.startIndex + Int(range.lowerBound) ... data.startIndex + Int(range.upperBound)]
        return ResponseBody(byteBuffer: ByteBuffer(bytes: slice))
    }

    public func remove(key: String) async throws {
        _ = withFiles { $0.removeValue(forKey: key) }
    }

    public func removeAll(prefix: String) async throws {
        withFiles { files in
            for key in files.keys where key.hasPrefix(prefix + "/") { files.removeValue(forKey: key) }
        }
    }

    /// Every key held, for tests that check what was deleted.
    public var keys: [String] { withFiles { Array($0.keys).sorted() } }
}
