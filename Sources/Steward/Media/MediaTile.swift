import CGtk
import GtkKit
import StewardCore
import StewardMedia
import Translation

/// One file in the Media page's grid: its thumbnail (an image with its file here) or its
/// kind's icon, its name and, for audio and video, its running time. A click chooses it.
@MainActor
final class MediaTile {
    static let thumbnailSize = 96

    let button = Button()
    let item: MediaItem
    private let picture = Image(pixelSize: MediaTile.thumbnailSize)

    init(item: MediaItem, localFile: String?, onChosen: @escaping @MainActor (MediaItem) -> Void) {
        self.item = item
        let box = Box.vertical(spacing: 6)
        box.setMargins(6)
        picture.iconName = MediaText.iconName(item.kind)
        picture.setAccessibleLabel(MediaText.kindName(item.kind))
        picture.addCSSClass("dim-label")
        box.append(picture)
        let name = Label(item.fileName)
        name.ellipsize = PANGO_ELLIPSIZE_MIDDLE
        name.maxWidthChars = 14
        box.append(name)
        var spoken = [item.fileName, MediaText.kindName(item.kind)]
        if let seconds = item.durationSeconds {
            let time = Label(MediaText.runningTime(seconds))
            time.addCSSClass("dim-label")
            time.addCSSClass("numeric")
            box.append(time)
            spoken.append(MediaText.runningTime(seconds))
        }
        button.setChild(box)
        button.addCSSClass("flat")
        button.addCSSClass("media-tile")
        button.setAccessibleLabel(spoken.joined(separator: ", "))
        button.tooltip = item.fileName
        button.onClicked { [weak self] in
            guard let self else { return }
            onChosen(self.item)
        }
        if item.kind == .image, let localFile {
            ThumbnailLoader.shared.load(path: localFile, size: Self.thumbnailSize) { [weak self] texture in
                guard let self, let texture else { return }
                self.picture.removeCSSClass("dim-label")
                self.picture.setTexture(texture)
                self.picture.setAccessibleLabel(tr("Thumbnail of {file}", ["file": self.item.fileName]))
            }
        }
    }

    func setChosen(_ chosen: Bool) {
        button.setCSSClass("media-tile-chosen", chosen)
    }
}
