import Foundation
import GtkKit
import StewardCore
import StewardMedia
import StewardMediaDuration
import Translation

/// The organization's media library: its files as a grid with thumbnails, searched by name and
/// filtered by kind, how much of its allowance is used and what the limits are, and the chosen
/// file's details and uses. Files come in by Add Files…, by a drop from Files, or by Ctrl+V of
/// copied files (`MediaAdding`); a file can be replaced in every record that uses it, or removed
/// when none does. Viewers see everything but change nothing. Every organization has the page.
@MainActor
final class MediaPage: ModulePage {
    let widget: Widget
    var onLocalChange: (() -> Void)?

    private let library: MediaLibrary
    private let window: ApplicationWindow
    private let toasts: ToastOverlay
    private let backButton: Button
    private let header: Widget
    private let title: WindowTitle
    private let addButton: Button
    private let limitsLabel: Label
    private let search: SearchEntry
    private let kindFilter: DropDown
    private let usageLabel: Label
    private let progress: ProgressBar
    private let contentStack: Stack
    /// The spinner while another organization's library is read: never the last one's files.
    private let loading: LoadingPage
    private let emptyPage: StatusPage
    private let grid: FlowBox
    private let details = MediaDetails()
    private let actions = ActionGroup()
    private var addAction: Action?
    private var pasteAction: Action?
    private lazy var adding = MediaAdding(library: library, progress: progress, toasts: toasts)
    private var dropTarget: FileDropTarget?
    private var chooser: FileChooser?

    private var organization: Organization?
    private var canEdit = true
    private var tiles: [MediaTile] = []
    private var chosen: UUID?
    /// Counts loads, so a slow one for a search or organization left since does not show.
    private var loads = 0

    init(environment: AppEnvironment, window: ApplicationWindow) {
        library = MediaLibrary(database: environment.database, folder: .beside(databaseAt: environment.databasePath),
                               durationReader: MediaDiscoverer.seconds(of:))
        self.window = window
        let ui = Builder(resource: ResourceBundle.path("Media/media-page.ui"))
        widget = ui.object("media_page")
        toasts = ui.object("page_toasts")
        backButton = ui.object("back_button")
        header = ui.object("page_header")
        title = ui.object("page_title")
        addButton = ui.object("add_button")
        limitsLabel = ui.object("limits_label")
        search = ui.object("search_entry")
        kindFilter = ui.object("kind_filter")
        usageLabel = ui.object("usage_label")
        progress = ui.object("add_progress")
        contentStack = ui.object("content_stack")
        loading = LoadingPage(in: contentStack, pages: ["empty", "no-match", "items"])
        emptyPage = ui.object("empty_page")
        grid = ui.object("media_grid")
        let holder: Box = ui.object("details_holder")
        holder.append(details.widget)

        title.title = tr("Media")
        // Set here, not in the .ui file: GTK 4.8 names a mnemonic button from a builder file
        // twice over; the wrapper gives it a label of its own.
        addButton.label = tr("_Add Files…")
        limitsLabel.text = MediaText.limits(library.limits)
        addButton.tooltip = tr("Add photos, audio, video or PDFs from your computer.") + "\n\n" + MediaText.limits(library.limits)
        kindFilter.setStrings(MediaText.filterNames)
        kindFilter.selectedIndex = 0
        kindFilter.onSelectionChanged { [weak self] _ in self?.refresh() }
        search.onSearchChanged { [weak self] in self?.refresh() }

        addAction = actions.addAction("add") { [weak self] in self?.chooseFiles() }
        pasteAction = actions.addAction("paste") { [weak self] in self?.pasteFiles() }
        widget.insertActionGroup(actions, prefix: "media")
        let keys = ShortcutController(scope: .local)
        keys.add(trigger: "<Control>v", action: "media.paste")
        widget.addController(keys)

        let drop = FileDropTarget(on: widget)
        drop.onDrop = { [weak self] paths in self?.add(paths) ?? false }
        drop.onDropElsewhere = { [weak self] addresses in self?.refuseElsewhere(addresses) ?? false }
        drop.onHover = { [weak self] inside in self?.contentStack.setCSSClass("media-drop-hover", inside) }
        dropTarget = drop

        adding.onAdded = { [weak self] item in
            self?.chosen = item.id
            self?.refresh()
        }
        details.onReplace = { [weak self] item in self?.chooseReplacement(for: item) }
        details.onRemove = { [weak self] item in self?.confirmRemoval(of: item) }
        updateControls()
    }

    // MARK: ModulePage

    func show(_ org: Organization?) {
        if org?.id != organization?.id {
            chosen = nil
            // The last organization's files go at once; the spinner stands in until these are read.
            grid.removeAll()
            tiles = []
            if let org { details.show(nil, localFile: nil, uses: [], zone: org.timeZone, canEdit: canEdit) }
            if org != nil { loading.show() }
        }
        organization = org
        title.subtitle = org?.name ?? ""
        refresh()
    }

    func setFolded(_ folded: Bool) {
        backButton.isVisible = folded
        header.setProperty("show-start-title-buttons", folded)
    }

    func setCanEdit(_ allowed: Bool) {
        canEdit = allowed
        updateControls()
        showDetails()
    }

    func refresh() {
        guard let org = organization else { return }
        loads += 1
        let load = loads
        let kindIndex = kindFilter.selectedIndex ?? 0
        let kind = kindIndex > 0 ? MediaText.filterKinds[kindIndex - 1] : nil
        let words = search.text
        let library = self.library
        Task {
            await LoadGate.wait()
            do {
                async let listed = library.list(org, kind: kind, search: words)
                async let anyAtAll = library.list(org)
                async let usage = library.usage(org)
                let (items, all, used) = try await (listed, anyAtAll, usage)
                let local = await Self.localFiles(of: items, in: library)
                guard load == loads, org.id == organization?.id else { return }
                show(items, local: local, libraryIsEmpty: all.isEmpty, usage: used)
            } catch {
                guard load == loads else { return }
                if loading.isShown { loading.finish(showing: "items") }
                toasts.showToast(tr("Cannot read the media library: {reason}", ["reason": String(describing: error)]), timeout: 10)
            }
        }
    }

    // MARK: Showing

    private var localFiles: [UUID: String] = [:]

    private func show(_ items: [MediaItem], local: [UUID: String], libraryIsEmpty: Bool, usage: MediaUsage) {
        localFiles = local
        usageLabel.text = MediaText.usage(usage)
        usageLabel.tooltip = MediaText.limits(usage.limits)
        grid.removeAll()
        tiles = items.map { item in
            MediaTile(item: item, localFile: local[item.id]) { [weak self] chosen in self?.choose(chosen.id) }
        }
        for tile in tiles { grid.append(tile.button) }
        if chosen.map({ id in !items.contains { $0.id == id } }) ?? false { chosen = nil }
        if chosen == nil { chosen = items.first?.id }
        loading.finish(showing: libraryIsEmpty ? "empty" : items.isEmpty ? "no-match" : "items")
        emptyPage.statusDescription = canEdit
            ? tr("Add photos, audio, video and PDFs with Add Files…, by dropping them here from Files, or by pasting copied files with Ctrl+V. Records then use them in their picture, audio and document fields.")
            : tr("Staff who may change records add photos, audio, video and PDFs here.")
        choose(chosen)
    }

    private func choose(_ id: UUID?) {
        chosen = id
        for tile in tiles { tile.setChosen(tile.item.id == id) }
        showDetails()
    }

    private func showDetails() {
        guard let org = organization else { return }
        guard let item = tiles.first(where: { $0.item.id == chosen })?.item else {
            details.show(nil, localFile: nil, uses: [], zone: org.timeZone, canEdit: canEdit)
            return
        }
        let load = loads
        Task {
            let uses = (try? await library.usedBy(item)) ?? []
            guard load == loads, chosen == item.id else { return }
            details.show(item, localFile: localFiles[item.id], uses: uses, zone: org.timeZone, canEdit: canEdit)
        }
    }

    private func updateControls() {
        addButton.isVisible = canEdit
        addAction?.isEnabled = canEdit
        pasteAction?.isEnabled = canEdit
    }

    /// The kept file of each item that has one here (an item the store listed may have none).
    private nonisolated static func localFiles(of items: [MediaItem], in library: MediaLibrary) async -> [UUID: String] {
        var found: [UUID: String] = [:]
        for item in items {
            guard let path = library.fileURL(of: item)?.path else { continue }
            if FileManager.default.fileExists(atPath: path) { found[item.id] = path }
        }
        return found
    }

    // MARK: Adding

    private func chooseFiles() {
        guard canEdit, organization != nil else { return }
        let chooser = FileChooser(.open, title: tr("Add Files to the Media Library"), parent: window, acceptLabel: tr("_Add"))
        chooser.allowsSeveral = true
        chooser.addFilter(name: tr("Photos, audio, video and PDFs"), patterns: MediaText.filePatterns, allFilesName: tr("All files"))
        chooser.onChosenSeveral = { [weak self] paths in
            self?.chooser = nil
            _ = self?.add(paths)
        }
        self.chooser = chooser
        chooser.show()
    }

    private func pasteFiles() {
        guard canEdit else { return }
        ClipboardFiles.read(for: widget) { [weak self] paths in
            guard let self else { return }
            if paths.isEmpty {
                self.toasts.showToast(tr("The clipboard holds no files: copy them in Files first"))
            } else {
                _ = self.add(paths)
            }
        }
    }

    /// Adds the files at `paths`, one after the other; false when this person may not.
    private func add(_ paths: [String]) -> Bool {
        guard canEdit, let org = organization, !paths.isEmpty else { return false }
        adding.add(paths, to: org) { [weak self] in self?.onLocalChange?() }
        return true
    }

    /// A picture dragged from a web page is not on this computer to add: saying so, and how,
    /// rather than taking nothing in silence.
    private func refuseElsewhere(_ addresses: [String]) -> Bool {
        guard canEdit, organization != nil, let first = addresses.first else { return false }
        let name = URL(string: first).map(\.lastPathComponent).flatMap { $0.isEmpty || $0 == "/" ? nil : $0 } ?? first
        toasts.showToast(tr("{file} is not on this computer: save it here first, then add it", ["file": name]), timeout: 10)
        return true
    }

    // MARK: Replacing and removing

    private func chooseReplacement(for item: MediaItem) {
        guard canEdit, let org = organization else { return }
        let chooser = FileChooser(.open, title: tr("Replace {file}", ["file": item.fileName]), parent: window, acceptLabel: tr("_Replace"))
        chooser.addFilter(name: tr("Photos, audio, video and PDFs"), patterns: MediaText.filePatterns, allFilesName: tr("All files"))
        chooser.onChosen = { [weak self] path in
            guard let self else { return }
            self.chooser = nil
            guard let path else { return }
            Task {
                do {
                    let done = try await self.library.replace(item.id, with: URL(fileURLWithPath: path), in: org)
                    self.chosen = done.added.id
                    self.toasts.showToast(trn("{old} replaced by {new} in {count} record", "{old} replaced by {new} in {count} records",
                                              done.repointed.count,
                                              ["old": item.fileName, "new": done.added.fileName]))
                    if !done.repointed.isEmpty { self.onLocalChange?() }
                } catch {
                    self.toasts.showToast(String(describing: error), timeout: 10)
                }
                self.refresh()
            }
        }
        self.chooser = chooser
        chooser.show()
    }

    private func confirmRemoval(of item: MediaItem) {
        guard canEdit, let org = organization else { return }
        Task {
            // A file in use is refused at once, naming the records: nothing to confirm.
            let uses = (try? await library.usedBy(item)) ?? []
            if !uses.isEmpty {
                toasts.showToast(MediaText.stillUsed(item, by: uses), timeout: 10)
                return
            }
            let dialog = MessageDialog(parent: window, heading: tr("Remove {file}?", ["file": item.fileName]),
                                       body: tr("It leaves the library here and, at the next sync, the store. Records cannot use it any more."))
            dialog.addResponse("cancel", tr("_Cancel"))
            dialog.addResponse("remove", tr("_Remove"), appearance: .destructive)
            dialog.defaultResponse = "cancel"
            dialog.closeResponse = "cancel"
            dialog.present { [weak self] response in
                guard let self, response == "remove" else { return }
                Task { await self.remove(item, in: org) }
            }
        }
    }

    private func remove(_ item: MediaItem, in org: Organization) async {
        do {
            try await library.remove(item.id, in: org)
            toasts.showToast(tr("{file} removed", ["file": item.fileName]))
            if chosen == item.id { chosen = nil }
            onLocalChange?()
        } catch {
            toasts.showToast(String(describing: error), timeout: 10)
        }
        refresh()
    }
}
