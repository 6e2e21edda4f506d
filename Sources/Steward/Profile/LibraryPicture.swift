import Foundation
import GtkKit
import StewardCore

/// A picture of the app-home preview that shows a media-library file kept on this console (the
/// logo, the banner showing now), read small through `ThumbnailLoader`. It remembers the file
/// being shown, so a picture read late for a field changed since is dropped.
@MainActor
final class LibraryPicture {
    private let mediaFolder: MediaFolder
    private let size: Int
    private let setTexture: @MainActor (Texture) -> Void
    /// The file being shown; nil when the field names none kept here (a placeholder shows).
    private(set) var path: String?

    /// `size`: at most so many pixels wide and high; `setTexture` puts the picture read in place.
    init(mediaFolder: MediaFolder, size: Int, setTexture: @escaping @MainActor (Texture) -> Void) {
        self.mediaFolder = mediaFolder
        self.size = size
        self.setTexture = setTexture
    }

    /// Where the library file `value` names is kept for the organization `orgId`; nil for an
    /// address or nothing.
    func file(of value: JSONValue?, orgId: UUID) -> String? {
        guard case .item(let id)? = MediaFieldValue(stored: value) else { return nil }
        return mediaFolder.fileURL(orgId: orgId, id: id).path
    }

    /// Shows the file at `path` (nil: none, the caller shows its placeholder). Callers ask only
    /// when the file changed (`path` differs), so a picture shown is not read again.
    func show(_ path: String?) {
        self.path = path
        guard let path else { return }
        if let cached = ThumbnailLoader.shared.cached(path: path, size: size) {
            setTexture(cached)
            return
        }
        ThumbnailLoader.shared.load(path: path, size: size) { [weak self] texture in
            guard let self, self.path == path, let texture else { return }
            self.setTexture(texture)
        }
    }
}
