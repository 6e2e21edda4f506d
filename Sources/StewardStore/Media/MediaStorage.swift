import Foundation
import Hummingbird
import NIOCore

/// Where media bytes live: a folder on the store's machine (`FolderMediaStorage`), memory in
/// tests (`MemoryMediaStorage`), an S3-compatible object store (`S3MediaStorage`). Keys are
/// `{org}/{media id}/{name}`, made by the store (never from a client's text).
///
/// A finished file appears whole or not at all: readers never see half of one.
public protocol MediaStorage: Sendable {
    /// Writes `body` into the partial upload `key` from byte `offset` (what was past it is
    /// dropped first: a client that died mid-chunk sends that chunk again), refusing to hold more
    /// than `limit` bytes in all. Returns how many bytes the partial upload then holds.
    func writeUpload<Body: AsyncSequence & Sendable>(key: String, at offset: Int64, body: Body, limit: Int64) async throws -> Int64
        where Body.Element == ByteBuffer
    /// Reads `length` bytes of a stored file or partial upload from `offset` (fewer at its end).
    func read(key: String, offset: Int64, length: Int) async throws -> Data
    /// Each chunk of a stored file or partial upload, in order: for hashing what may be gigabytes.
    func chunks(key: String) -> AsyncThrowingStream<Data, any Error>
    /// Makes the partial upload the finished file `key` (the upload is gone after).
    func promote(upload: String, to key: String) async throws
    /// Stores a finished file whole.
    func put(key: String, data: Data) async throws
    /// The size of a stored file; nil when there is none.
    func size(key: String) async throws -> Int64?
    /// The bytes of `range` of a finished file, streamed for a response.
    func responseBody(key: String, range: ClosedRange<Int64>, context: some RequestContext) async throws -> ResponseBody
    /// Deletes one file or partial upload; nothing when there is none.
    func remove(key: String) async throws
    /// Deletes every file whose key starts with `prefix` (an item's folder); nothing when none.
    func removeAll(prefix: String) async throws
}

/// A media storage refusal the store answers as a client error.
enum MediaStorageFailure: Error, Equatable {
    /// The upload would hold more than the declared size.
    case pastLimit(limit: Int64)
    /// The partial upload holds fewer bytes than the offset asked to write at.
    case offsetPastEnd(held: Int64)
}
