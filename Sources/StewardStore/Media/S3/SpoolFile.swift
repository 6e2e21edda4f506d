import Crypto
import Foundation
import NIOCore
import NIOPosix

/// A temporary file a chunk is gathered in before it goes to the object store in one request
/// with its length and SHA-256 (S3 cannot append, and wants both up front). Up to 64 MB: on
/// disk, not in memory. Deleted when dropped.
final class SpoolFile: @unchecked Sendable {
    let url: URL
    private let handle: FileHandle
    private var hasher = SHA256()
    private(set) var size: Int64 = 0

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("steward-media-\(UUID().uuidString).part")
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }

    deinit {
        try? handle.close()
        unlink(url.path)
    }

    /// Appends bytes (on NIO's thread pool: never on the threads answering requests).
    func append(_ data: Data) async throws {
        hasher.update(data: data)
        size += Int64(data.count)
        let handle = self.handle
        try await NIOThreadPool.singleton.runIfActive { try handle.write(contentsOf: data) }
    }

    /// The SHA-256 of what was appended, hex. (Written with write(2): a reader opening the file
    /// now sees every byte.)
    var sha256: String { hasher.finalize().map { String(format: "%02x", $0) }.joined() }
}
