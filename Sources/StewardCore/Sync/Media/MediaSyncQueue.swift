import Foundation

/// A file kept on this computer that the store has not got yet.
public struct WaitingMedia: Sendable, Hashable {
    public var declaration: MediaDeclaration
    /// Where the console keeps the bytes to send.
    public var file: URL

    public init(declaration: MediaDeclaration, file: URL) {
        self.declaration = declaration
        self.file = file
    }
}

/// The console's side of media sync: what waits to be sent or removed, and what became of it.
/// The media library keeps this in the database, so a sync that stopped half-way (a crash, a
/// lost connection) finds the same work again at the next.
public protocol MediaSyncQueue: Sendable {
    /// Files added here and not on the store yet, oldest first.
    func mediaToUpload(orgId: UUID) async throws -> [WaitingMedia]
    /// The store has the file, ready, at `url` (absolute).
    func markUploaded(id: UUID, url: String) async throws
    /// The store will never take the file (its kind, its size, the organization's quota):
    /// `message` says why, in the store's words, for staff to read.
    func markRefused(id: UUID, message: String) async throws
    /// Items removed here that the store still has.
    func mediaToRemove(orgId: UUID) async throws -> [UUID]
    func markRemovalSent(id: UUID) async throws
    /// What the store lists for the organization (`GET /v1/orgs/{org}/media`), read after the
    /// removals and uploads: files other consoles added are learnt (at `storeURL` + their
    /// path), files the store no longer has are removed here.
    func takeStoreList(_ listed: [StoreMediaItem], orgId: UUID, storeURL: String) async throws
}
