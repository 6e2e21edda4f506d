import Foundation
import Hummingbird
import NIOCore
import NIOPosix

/// Media in a folder of the store's machine (`steward-store serve --media-dir DIR`): one
/// sub-folder per organization and item. Finished files are written beside their place and
/// renamed into it, so a crash never leaves half a file where it is served from. Disk work
/// (writes, flushes, reads for hashing) runs on NIO's thread pool, not on the threads that
/// answer requests.
public struct FolderMediaStorage: MediaStorage {
    public let root: URL
    private let fileIO = FileIO()

    /// With `create`, the folder is made now (a folder that cannot be made fails here, at
    /// start-up); otherwise at the first upload.
    public init(root: URL, create: Bool = true) throws {
        self.root = root
        if create {
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o750])
        }
    }

    func url(_ key: String) -> URL { root.appendingPathComponent(key, isDirectory: false) }

    public func writeUpload<Body: AsyncSequence & Sendable>(key: String, at offset: Int64, body: Body, limit: Int64) async throws -> Int64
        where Body.Element == ByteBuffer {
        let file = url(key)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        if !FileManager.default.fileExists(atPath: file.path) {
            guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path])
            }
        }
        let handle = try FileHandle(forUpdating: file)
        defer { try? handle.close() }
        let held = Int64(try handle.seekToEnd())
        guard offset <= held else { throw MediaStorageFailure.offsetPastEnd(held: held) }
        try handle.truncate(atOffset: UInt64(offset))
        try handle.seek(toOffset: UInt64(offset))
        var written = offset
        for try await buffer in body {
            guard written + Int64(buffer.readableBytes) <= limit else {
                try handle.synchronize()
                throw MediaStorageFailure.pastLimit(limit: limit)
            }
            let bytes = Data(buffer.readableBytesView)
            try await Self.onDisk { try handle.write(contentsOf: bytes) }
            written += Int64(buffer.readableBytes)
        }
        // The database will say these bytes arrived: they must be on disk before it does.
        try await Self.onDisk { try handle.synchronize() }
        return written
    }

    public func read(key: String, offset: Int64, length: Int) async throws -> Data {
        let file = url(key)
        return try await Self.onDisk {
            let handle = try FileHandle(forReadingFrom: file)
            defer { try? handle.close() }
            try handle.seek(toOffset: UInt64(offset))
            return try handle.read(upToCount: length) ?? Data()
        }
    }

    public func chunks(key: String) -> AsyncThrowingStream<Data, any Error> {
        let reader = ChunkReader(file: url(key))
        // One chunk read per request of the consumer: a recording is never all in memory.
        return AsyncThrowingStream(unfolding: { try await Self.onDisk { try reader.next() } })
    }

    public func promote(upload: String, to key: String) async throws {
        let target = url(key)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        // rename(2) replaces the target in one step.
        guard rename(url(upload).path, target.path) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: target.path])
        }
    }

    public func put(key: String, data: Data) async throws {
        let target = url(key)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        // .atomic writes a temporary file beside the target and renames it.
        try data.write(to: target, options: .atomic)
    }

    public func size(key: String) async throws -> Int64? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url(key).path) else { return nil }
        return (attributes[.size] as? NSNumber)?.int64Value
    }

    public func responseBody(key: String, range: ClosedRange<Int64>, context: some RequestContext) async throws -> ResponseBody {
        try await fileIO.loadFile(path: url(key).path, range: Int(range.lowerBound)...Int(range.upperBound), context: context)
    }

    public func remove(key: String) async throws {
        let file = url(key)
        if FileManager.default.fileExists(atPath: file.path) {
            try FileManager.default.removeItem(at: file)
        }
    }

    /// Runs blocking file work on NIO's thread pool.
    private static func onDisk<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await NIOThreadPool.singleton.runIfActive(work)
    }

    public func removeAll(prefix: String) async throws {
        let folder = url(prefix)
        if FileManager.default.fileExists(atPath: folder.path) {
            try FileManager.default.removeItem(at: folder)
        }
    }
}

/// Reads a file a megabyte at a time, for `FolderMediaStorage.chunks`.
private final class ChunkReader: @unchecked Sendable {
    private let file: URL
    private var handle: FileHandle?
    private var finished = false

    init(file: URL) { self.file = file }

    deinit { try? handle?.close() }

    func next() throws -> Data? {
        if finished { return nil }
        if handle == nil { handle = try FileHandle(forReadingFrom: file) }
        guard let chunk = try handle?.read(upToCount: 1 << 20), !chunk.isEmpty else {
            finished = true
            try? handle?.close()
            handle = nil
            return nil
        }
        return chunk
    }
}
