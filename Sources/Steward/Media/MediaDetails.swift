import CGtk
import Foundation
import GtkKit
import StewardCore
import StewardMedia
import Translation

/// The chosen file's details beside the grid: a larger picture, its kind, size, dimensions or
/// running time, when it was added, where its upload stands (waiting, uploaded with its
/// address to copy, refused with the store's reason), the records that use it, and Replace…
/// and Remove… for people who may change the library.
@MainActor
final class MediaDetails {
    static let previewSize = 256
    static let iconSize = 96

    let widget = Box.vertical(spacing: 12)
    var onReplace: ((MediaItem) -> Void)?
    var onRemove: ((MediaItem) -> Void)?

    init() {
        widget.setMargins(top: 12, bottom: 18, start: 12, end: 12)
    }

    /// Shows `item` (nil: the hint to choose one), used by `uses`.
    func show(_ item: MediaItem?, localFile: String?, uses: [MediaUse], zone: TimeZone, canEdit: Bool) {
        widget.removeAll()
        guard let item else {
            let hint = Label(tr("Choose a file to see its details and where it is used."))
            hint.wraps = true
            hint.addCSSClass("dim-label")
            hint.setMargins(top: 24, bottom: 0, start: 0, end: 0)
            widget.append(hint)
            return
        }
        // The kind's icon at a modest size; an image kept here replaces it with its picture.
        let picture = Image(pixelSize: Self.iconSize)
        picture.iconName = MediaText.iconName(item.kind)
        picture.setAccessibleLabel(MediaText.kindName(item.kind))
        picture.addCSSClass("dim-label")
        widget.append(picture)
        if item.kind == .image, let localFile {
            // The wrapper is held until the picture arrives: the widget alone would outlive it.
            ThumbnailLoader.shared.load(path: localFile, size: Self.previewSize) { texture in
                guard let texture else { return }
                picture.removeCSSClass("dim-label")
                picture.pixelSize = Self.previewSize
                picture.setTexture(texture)
                picture.setAccessibleLabel(tr("Picture of {title}", ["title": item.fileName]))
            }
        }
        let title = Label(item.fileName)
        title.wraps = true
        title.addCSSClass("title-4")
        title.isSelectable = true
        widget.append(title)

        var facts: [(String, String)] = [
            (tr("Kind"), MediaText.kindName(item.kind) + " (" + item.contentType + ")"),
            (tr("Size"), ByteCountText.describe(item.size)),
        ]
        if let width = item.width, let height = item.height {
            facts.append((tr("Dimensions"), tr("{width} × {height} pixels", ["width": String(width), "height": String(height)])))
        }
        if let seconds = item.durationSeconds {
            facts.append((tr("Running time"), MediaText.runningTime(seconds)))
        } else if item.kind == .audio || item.kind == .video {
            facts.append((tr("Running time"), tr("unknown")))
        }
        facts.append((tr("Added"), FieldKind.dateTime.displayText(.string(DateTimeText.utc(item.addedAt)), zone: zone)))
        facts.append((tr("Upload"), Self.uploadState(item)))
        for (name, value) in facts { widget.append(Self.fact(name, value)) }

        if let url = item.url {
            let row = Box.horizontal(spacing: 6)
            let address = Label(url)
            address.isSelectable = true
            address.ellipsize = PANGO_ELLIPSIZE_MIDDLE
            address.hexpand = true
            address.xalign = 0
            address.setAccessibleLabel(tr("Address"))
            row.append(address)
            let copy = Button(iconName: "edit-copy-symbolic", accessibleLabel: tr("Copy Address"))
            copy.tooltip = tr("Copy Address")
            copy.addCSSClass("flat")
            copy.onClicked { [weak copy] in copy?.copyToClipboard(url) }
            row.append(copy)
            widget.append(row)
        }

        let usedHeading = Label(tr("Used By"))
        usedHeading.xalign = 0
        usedHeading.addCSSClass("heading")
        widget.append(usedHeading)
        if uses.isEmpty {
            let none = Label(tr("No record uses this file."))
            none.xalign = 0
            none.wraps = true
            none.addCSSClass("dim-label")
            widget.append(none)
        }
        for use in uses {
            let line = Label(MediaText.use(use))
            line.xalign = 0
            line.wraps = true
            line.isSelectable = true
            widget.append(line)
        }

        guard canEdit else { return }
        let buttons = Box.horizontal(spacing: 6)
        buttons.setMargins(top: 6, bottom: 0, start: 0, end: 0)
        let replace = Button(label: tr("_Replace…"))
        replace.tooltip = tr("Choose another file to take this one's place in every record that uses it")
        replace.onClicked { [weak self] in self?.onReplace?(item) }
        let remove = Button(label: tr("Re_move…"))
        remove.addCSSClass("destructive-action")
        remove.onClicked { [weak self] in self?.onRemove?(item) }
        buttons.append(replace)
        buttons.append(remove)
        widget.append(buttons)
    }

    private static func uploadState(_ item: MediaItem) -> String {
        if let refusal = item.uploadRefusal { return tr("refused by the store: {reason}", ["reason": refusal]) }
        if item.url != nil { return tr("uploaded") }
        return tr("waiting for the next sync")
    }

    private static func fact(_ name: String, _ value: String) -> Widget {
        let row = Box.vertical(spacing: 2)
        let heading = Label(name)
        heading.xalign = 0
        heading.addCSSClass("caption")
        heading.addCSSClass("dim-label")
        let text = Label(value)
        text.xalign = 0
        text.wraps = true
        text.isSelectable = true
        text.setAccessibleLabel(name)
        row.append(heading)
        row.append(text)
        return row
    }
}
