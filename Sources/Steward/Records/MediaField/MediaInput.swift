import Foundation
import GtkKit
import StewardCore
import StewardMedia
import Translation

/// A media field's control: a file of the organization's library (the drop-down; "None"
/// first), or an https address typed under it. A file dropped on the field, pasted into it
/// (Ctrl+V with files on the clipboard) or chosen with Add File… is added to the library
/// (`MediaAdder`) and chosen; a refused one leaves the field as it was, the library's reason
/// shown under it.
@MainActor
final class MediaInput {
    /// What goes in the field's row, under its name.
    let control: Widget
    let dropDown: DropDown
    let address: Entry
    private let addButton: Button
    private let spinner = Spinner()
    private let addingLabel = Label()
    private let field: FieldSpec
    private let kinds: Set<MediaKind>
    /// Plain http addresses are taken too (an event's image, as it always was).
    private let httpsOnly: Bool
    private let adder: MediaAdder?
    /// The drop-down's values in its order: nil ("None"), then library items' ids.
    private var values: [String?]
    /// The library items listed, in the drop-down's order (after "None").
    private var items: [MediaItem]
    private var dropTarget: FileDropTarget?
    /// Kept until it answers: GTK does not keep a native file chooser alive.
    private var chooser: FileChooser?
    private var isEditable = true
    private var isAdding = false
    /// While a file is put in the list: the choice moving down a place is no choice of a person's.
    private var isListing = false

    /// After every edit, a file added included.
    var onEdited: (() -> Void)?
    /// Shows a problem under the field (nil clears it).
    var showProblem: ((String?) -> Void)?

    init(_ field: FieldSpec, kinds: Set<MediaKind>, httpsOnly: Bool, context: FormContext) {
        self.field = field
        self.kinds = kinds
        self.httpsOnly = httpsOnly
        adder = context.mediaAdder
        // The library's files as read, and those added while the form is open.
        let known = Set(context.media.map(\.id))
        let added = (adder?.added ?? []).filter { !known.contains($0.id) }
        items = (context.media + added).filter { kinds.contains($0.kind) }.sorted(by: MediaChoices.sortsBefore)
        values = [nil] + items.map(\.key)
        dropDown = DropDown(strings: [tr("None")] + items.map(MediaChoices.label(of:)))
        if values.count > ChoiceDropDown.searchableOver { dropDown.enableSearch() }
        dropDown.hexpand = true
        dropDown.setAccessibleLabel(field.label)
        address = Entry(placeholder: "https://…")
        address.activatesDefault = true
        address.hexpand = true
        address.setAccessibleLabel(tr("{field}: address", ["field": field.label]))
        addButton = Button(label: tr("_Add File…"))
        // Several media fields in one form: the name says which one it adds to.
        addButton.setAccessibleLabel(tr("Add File to {field}…", ["field": field.label]))
        addButton.tooltip = tr("Add a file to the media library for this field; you can also drop or paste one here")

        addingLabel.addCSSClass("dim-label")
        addingLabel.isVisible = false
        spinner.setActive(false)
        let choice = Box.horizontal(spacing: 6)
        choice.append(dropDown)
        choice.append(spinner)
        choice.append(addingLabel)
        choice.append(addButton)
        let box = Box.vertical(spacing: 6)
        box.append(choice)
        box.append(address)
        control = box

        addButton.onClicked { [weak self] in self?.chooseFile() }
        dropDown.onSelectionChanged { [weak self] index in
            // A file chosen is what the field holds now: an address typed before would win
            // over it, unseen, so it goes.
            if let index, index > 0, self?.isListing == false { self?.address.text = "" }
            self?.onEdited?()
        }
        address.onChanged { [weak self] in self?.onEdited?() }
        adder?.listen(self)
    }

    /// What the hint under the field says.
    var hint: String {
        let takes = httpsOnly
            ? tr("A file from the media library, or a secure (https://) address.")
            : tr("A file from the media library, or a web address (https:// or http://).")
        return adder == nil ? takes : takes + " " + tr("Drop or paste a file here, or use Add File…, to add it to the library.")
    }

    /// Takes files dropped on `row` (the whole field, highlighted while a drag with files is
    /// over it) and pasted while the focus is in it.
    func attach(to row: Widget) {
        guard adder != nil else {
            addButton.isVisible = false
            return
        }
        row.addCSSClass("media-field")
        let target = FileDropTarget(on: row)
        target.takeSingleFilesToo()
        target.takeBeforeChildren()
        // GTK gives the row :drop(active) while files are over it, which the style outlines.
        target.onDrop = { [weak self] paths in self?.add(paths) ?? false }
        target.onDropElsewhere = { [weak self] addresses in self?.take(addresses) ?? false }
        dropTarget = target

        // Before the entry sees the key: with files on the clipboard, Ctrl+V adds them; with
        // text, the key goes on to the entry, which pastes it.
        let paste = ShortcutController(scope: .local)
        paste.runsInCapturePhase = true
        paste.add(trigger: "<Control>v") { [weak self, weak row] in
            guard let self, let row, self.canAdd, ClipboardFiles.holdFiles(for: row) else { return false }
            ClipboardFiles.read(for: row) { [weak self] paths in
                if paths.isEmpty {
                    self?.showProblem?(tr("The clipboard’s files could not be read (only files on this computer can be added); copy the file again, or drop it here"))
                } else {
                    _ = self?.add(paths)
                }
            }
            return true
        }
        row.addController(paste)
    }

    private var canAdd: Bool { adder != nil && isEditable && !isAdding }

    // MARK: adding

    /// Adds the one file of `paths`; false when the field takes nothing now (read-only, busy).
    /// Files with no path on this computer (an image dragged from a web page) go to `take`.
    private func add(_ paths: [String]) -> Bool {
        guard canAdd, let path = paths.first else { return false }
        guard paths.count == 1 else {
            showProblem?(tr("{count} files were given, but {field} holds one file: add them one at a time",
                            ["count": String(paths.count), "field": field.label]))
            return true
        }
        add(path: path)
        return true
    }

    /// What was dropped is not on this computer: a picture dragged from a web page comes as
    /// its address, which the field holds as if typed (a file is chosen no longer); any other
    /// address is refused, saying how to add the file instead.
    private func take(_ addresses: [String]) -> Bool {
        guard isEditable, !isAdding, let dropped = addresses.first else { return false }
        let lowered = dropped.lowercased()
        let secure = lowered.hasPrefix("https://")
        guard addresses.count == 1, secure || lowered.hasPrefix("http://") else {
            showProblem?(tr("Only files on this computer can be added: copy the file to this computer first, then drop it here"))
            return true
        }
        guard secure || !httpsOnly else {
            showProblem?(tr("{address} is not a secure (https://) address: save the file to this computer and drop it here instead",
                            ["address": dropped]))
            return true
        }
        dropDown.selectedIndex = 0
        address.text = dropped
        showProblem?(nil)
        return true
    }

    private func add(path: String) {
        guard let adder, canAdd else { return }
        setAdding((path as NSString).lastPathComponent)
        Task {
            defer { setAdding(nil) }
            do {
                let item = try await adder.add(path, kinds: kinds)
                choose(item)
            } catch {
                // The reason the library gives (its content, its size, the field's kind), as a
                // sentence like the form's other problems; the form keeps what it held.
                showProblem?(RecordText.sentence("\(error)"))
            }
        }
    }

    /// Chooses the item this field added (listed already when the adder told every field).
    private func choose(_ item: MediaItem) {
        guard let index = list(item) ?? values.firstIndex(of: item.key) else { return }
        // The file is what the field holds now, not an address typed before.
        address.text = ""
        dropDown.selectedIndex = index
    }

    /// A file another field of the form added: offered here too when this field takes its
    /// kind, leaving what this field holds as it is.
    func offer(_ item: MediaItem) {
        // The drop-down keeps its choice when a string goes in above it.
        if kinds.contains(item.kind) { _ = list(item) }
    }

    /// Inserts `item` where a fresh read of the library would list it; its drop-down index,
    /// nil when it is listed already.
    private func list(_ item: MediaItem) -> Int? {
        guard !values.contains(item.key) else { return nil }
        let position = items.firstIndex { MediaChoices.sortsBefore(item, $0) } ?? items.count
        items.insert(item, at: position)
        values.insert(item.key, at: position + 1)
        isListing = true
        dropDown.insert(MediaChoices.label(of: item), at: position + 1)
        isListing = false
        return position + 1
    }

    /// Shows "Adding photo.jpg…" with a spinner, and takes nothing else meanwhile; nil: done.
    private func setAdding(_ fileName: String?) {
        isAdding = fileName != nil
        spinner.setActive(isAdding)
        addingLabel.text = fileName.map { tr("Adding {file}…", ["file": $0]) } ?? ""
        addingLabel.isVisible = isAdding
        dropTarget?.setActive(!isAdding && isEditable, beforeChildren: true)
        addButton.isSensitive = !isAdding && isEditable
        dropDown.isSensitive = !isAdding && isEditable
    }

    private func chooseFile() {
        guard canAdd, chooser == nil, let window = control.window else { return }
        let shown = FileChooser(.open, title: tr("Add a File to {field}", ["field": field.label]), parent: window,
                                acceptLabel: tr("_Add"))
        let types = MediaType.accepted.filter { kinds.contains($0.kind) }
        shown.addFilter(name: tr("Accepted files ({types})", ["types": types.map { $0.fileExtension.uppercased() }.joined(separator: ", ")]),
                        mimeTypes: types.map(\.contentType), suffixes: Self.suffixes(of: types),
                        allFilesName: tr("All files"))
        shown.onChosen = { [weak self] path in
            self?.chooser = nil
            if let path { self?.add(path: path) }
        }
        chooser = shown
        shown.show()
    }

    /// The endings files of `types` are named with ("jpg" and "jpeg").
    private static func suffixes(of types: [MediaType]) -> [String] {
        types.flatMap { $0 == .jpeg ? [$0.fileExtension, "jpeg"] : [$0.fileExtension] }
    }

    // MARK: value

    /// The address typed when there is one, else the chosen file's id; null for "None".
    var value: JSONValue {
        if !address.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return .string(address.text) }
        guard let index = dropDown.selectedIndex, index < values.count, let chosen = values[index] else { return .null }
        return .string(chosen)
    }

    /// A file of the library is chosen; anything else (an address, a file no longer listed)
    /// shows as typed, so saving keeps it.
    func fill(_ stored: String?) {
        if let stored, let index = values.firstIndex(of: stored) {
            dropDown.selectedIndex = index
            address.text = ""
        } else {
            dropDown.selectedIndex = 0
            address.text = stored ?? ""
        }
    }

    var focusWidget: Widget {
        address.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? dropDown : address
    }

    func setEditable(_ editable: Bool) {
        isEditable = editable
        dropDown.isSensitive = editable && !isAdding
        address.isEditable = editable
        addButton.isVisible = editable && adder != nil
        dropTarget?.setActive(editable && !isAdding, beforeChildren: true)
    }
}
