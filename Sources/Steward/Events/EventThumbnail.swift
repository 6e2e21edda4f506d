import Foundation
import GtkKit
import StewardCore
import Translation

/// The small picture at the start of an event's title cell: shown when the event's image is
/// a file of the media library kept on this console, nothing otherwise. Cells are recycled as
/// the list scrolls, so only bound rows ask for a thumbnail, through the shared cache, and a
/// picture arriving for a row the cell no longer shows is dropped.
@MainActor
final class EventThumbnail {
    static let size = 28

    let image = Image(pixelSize: EventThumbnail.size)
    /// The file the cell shows now (nil: none).
    private var shownPath: String?

    init() {
        image.isVisible = false
        image.setMargins(top: 0, bottom: 0, start: 0, end: 6)
    }

    /// The kept file of the event's image when it names a library item (whether the file is
    /// here is checked when it is read: an item the store listed may have none).
    static func localFile(of row: EventRow, orgId: UUID, folder: MediaFolder) -> String? {
        guard case .item(let id)? = MediaFieldValue(stored: row.imageURL.map(JSONValue.string)) else { return nil }
        return folder.fileURL(orgId: orgId, id: id).path
    }

    func show(path: String?, title: String) {
        shownPath = path
        guard let path else {
            image.isVisible = false
            image.setTexture(nil)
            return
        }
        let label = tr("Picture of {title}", ["title": title])
        if let cached = ThumbnailLoader.shared.cached(path: path, size: Self.size) {
            present(cached, label: label)
            return
        }
        image.isVisible = false
        ThumbnailLoader.shared.load(path: path, size: Self.size) { [weak self] texture in
            guard let self, self.shownPath == path, let texture else { return }
            self.present(texture, label: label)
        }
    }

    private func present(_ texture: Texture, label: String) {
        image.setTexture(texture)
        image.setAccessibleLabel(label)
        image.isVisible = true
    }
}
