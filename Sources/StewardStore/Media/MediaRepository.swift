import Foundation
import StewardMedia

/// Media items and their upload state, in the database so every store process resumes an upload
/// where another left it. Every method is one transaction.
public protocol MediaRepository: Sendable {
    /// Declares an upload. Refused (`overQuota`) when the organization's media not removed plus
    /// `item.size` would pass `quota`; the check and the insert are one transaction, under the
    /// organization's lock, so two stores cannot both pass it.
    func declareMedia(_ item: MediaItem, quota: Int64) async throws -> MediaDeclaration
    /// The item with this id in the organization, removed ones included.
    func mediaItem(org: String, id: String) async throws -> MediaItem?
    /// The organization's items not removed, newest first.
    func mediaItems(org: String) async throws -> [MediaItem]
    /// Bytes counted against the organization's quota: the declared sizes of items not removed.
    func mediaUsage(org: String) async throws -> Int64
    /// Moves the upload's offset from `from` to `to`; false (nothing changed) when the stored
    /// offset is not `from` or the item is no longer uploading, so of two writers one wins.
    func advanceMediaUpload(org: String, id: String, from: Int64, to: Int64, now: Date) async throws -> Bool
    /// Records the type sniffed from the first bytes.
    func setMediaType(org: String, id: String, kind: MediaKind, contentType: String, now: Date) async throws
    /// Marks the item ready with the files it is served as; false when it was not uploading.
    func completeMedia(org: String, id: String, contentType: String, width: Int?, height: Int?,
                       files: [MediaFile], now: Date) async throws -> Bool
    /// Marks the item removed (its files stop being served); nil when there is no such item.
    func removeMedia(org: String, id: String, now: Date) async throws -> MediaItem?
    /// Forgets an upload refused on the way in (wrong type, too large), so its id may be declared again.
    func discardMediaUpload(org: String, id: String) async throws
    /// The ready item with this public token and its served files; nil when there is none.
    func publicMedia(token: String) async throws -> (item: MediaItem, files: [MediaFile])?
    /// The files a ready item is served as.
    func mediaFiles(org: String, id: String) async throws -> [MediaFile]
}
