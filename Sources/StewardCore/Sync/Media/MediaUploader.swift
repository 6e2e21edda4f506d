import Foundation
import Translation

/// Sends one waiting file to the store in chunks, resuming where the store's copy ends: after a
/// crash, a lost answer or another process's attempt, declaring the same id again tells the
/// console how many bytes the store already holds, and nothing is sent twice or stored twice.
struct MediaUploader {
    let transport: any MediaTransport
    /// Bytes per request: small enough that a slow office line sends one well within the
    /// client's time limit, large enough that a recording is not thousands of requests.
    let chunkBytes: Int
    /// Runs one request, retrying what may pass (the engine's backoff).
    let retrying: @Sendable (_ operation: () async throws(SyncTransportError) -> MediaChunkAnswer) async throws -> MediaChunkAnswer
    let declaring: @Sendable (_ operation: () async throws(SyncTransportError) -> StoreMediaItem) async throws -> StoreMediaItem

    static let defaultChunkBytes = 4 * 1024 * 1024

    /// What became of a file.
    enum Outcome: Equatable {
        /// Stored and ready at this path on the store.
        case uploaded(path: String)
        /// The store will not take it, for the reason given.
        case refused(String)
    }

    /// Sends `waiting`, calling `sent` with the bytes the store holds after each chunk (what it
    /// throws ends the upload there).
    func upload(_ waiting: WaitingMedia, sent: (Int64) throws -> Void) async throws -> Outcome {
        var restartedAfterMismatch = false
        while true {
            do {
                return try await attempt(waiting, sent: sent)
            } catch let error as SyncTransportError {
                if let refusal = Self.refusal(error) { return .refused(refusal) }
                // The store's copy did not match the declared checksum, and it started over:
                // once more from 0 (a bit flipped on the way); twice means the kept file changed.
                if case .status(422, let body) = error, body?.error == "checksum-mismatch", !restartedAfterMismatch {
                    restartedAfterMismatch = true
                    continue
                }
                throw error
            }
        }
    }

    private func attempt(_ waiting: WaitingMedia, sent: (Int64) throws -> Void) async throws -> Outcome {
        let declaration = waiting.declaration
        let item = try await declaring { () async throws(SyncTransportError) in try await transport.declareMedia(declaration) }
        if item.isReady, let url = item.url { return .uploaded(path: url) }
        guard let file = try? FileHandle(forReadingFrom: waiting.file) else {
            return .refused(tr("the copy of the file kept on this computer is missing ({path}); add the file again",
                               ["path": waiting.file.path]))
        }
        defer { try? file.close() }
        var offset = item.uploadOffset
        try sent(offset)
        while true {
            let length = Int(min(Int64(chunkBytes), declaration.size - offset))
            try file.seek(toOffset: UInt64(offset))
            let bytes = try file.read(upToCount: length) ?? Data()
            guard bytes.count == length else {
                return .refused(tr("the copy of the file kept on this computer is shorter than when it was added ({path}); add the file again",
                                   ["path": waiting.file.path]))
            }
            let chunkStart = offset
            switch try await retrying({ () async throws(SyncTransportError) in
                try await transport.sendMediaChunk(id: declaration.id, offset: chunkStart, bytes: bytes)
            }) {
            case .finished(let ready):
                try sent(declaration.size)
                guard let url = ready.url else {
                    throw SyncTransportError.invalidResponse(tr("the store finished the file but gave no address for it"))
                }
                return .uploaded(path: url)
            case .received(let held), .offsetMismatch(let held):
                guard held >= 0, held <= declaration.size else {
                    throw SyncTransportError.invalidResponse(tr("the store says it holds {held} bytes of a {size}-byte file",
                                                                ["held": String(held), "size": String(declaration.size)]))
                }
                offset = held
                try sent(held)
            }
        }
    }

    /// The store's answers that no resend will change: the file's kind, its size, the
    /// organization's quota, an id taken by other content.
    static func refusal(_ error: SyncTransportError) -> String? {
        guard case .status(let status, let body) = error, [409, 413, 415].contains(status) else { return nil }
        return body?.message ?? tr("the store answered {status}", ["status": String(status)])
    }
}
