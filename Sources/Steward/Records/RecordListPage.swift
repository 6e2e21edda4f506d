import Foundation
import GtkKit
import StewardCore
import Translation

/// The list of one record type of the current organization, built from the type's
/// declaration: a column per listed field (and the status when the type has one), a search
/// field, New, Open, Duplicate (for a type that allows it) and Delete (with Undo), and the
/// empty states. Module pages hold one or more
/// and add what their type needs around it (a bulletin's preview); a type that needs a page of its own
/// (events) keeps a hand-written one instead.
///
/// Kit types hold hundreds of records, not hundreds of thousands: the page lists them all at
/// once, in the type's order, and the search runs in the core (`RecordService.list`). A type
/// searched through the kit's index (books) is listed a page at a time instead, searched or
/// not, with Show More below the list for the next page.
@MainActor
final class RecordListPage {
    let type: RecordType
    let widget: Widget
    private let ui: Builder
    private let service: RecordService
    private let window: ApplicationWindow
    private let toasts: ToastOverlay
    private let searchEntry: SearchEntry
    private let countLabel: Label
    /// How many records the list's search found in all (more than it shows for an indexed type).
    private var total = 0
    /// A broad search stopped counting at `total` ("more than 2,000").
    private var totalIsLowerBound = false
    /// How many records an indexed type's list reads: a page, and a page more for each Show More.
    private var shownLimit = RecordService.indexedPageSize
    private let showMoreButton: Button
    /// The next reload adds rows below those shown (Show More): the list stays where it was.
    private var keepsScroll = false
    private let stack: Stack
    /// Over the list while an organization's records are first read: never "No Books Yet"
    /// (or the last organization's rows) meanwhile.
    private let loading: LoadingPage
    private let scroller: ScrolledWindow
    private let toolbar: Box
    private let deleteButton: Button
    private let duplicateButton: Button
    private let keys = KeyListModel()
    private let selection: SingleSelection
    private let table: ColumnView
    private let actions = ActionGroup()
    private let editingButtons: [Widget]
    private let viewOnlyLabel: Label

    private(set) var organization: Organization?
    /// The records shown, by list key; keys stay with a record while the page lives, so the
    /// selection survives a reload.
    private var records: [Int64: LocalRecord] = [:]
    private var stableKeys = StableKeys<UUID>()
    private var order: [Int64] = []
    /// Titles of the records the type's references point at, by entity.
    private var titles: [String: [UUID: String]] = [:]
    /// The library's file names by id, for media fields' cells.
    private var mediaNames: [UUID: String] = [:]
    private var loadRequest = 0
    private var editor: RecordEditor?
    /// Reads a record's history for the editor's History button (nil until sync is set up).
    var history: HistoryService?
    private var lastDeleted: (id: UUID, org: Organization)?
    private var undoToast: Toast?
    private(set) var canEdit = true

    /// Every local change made from this page: sync follows it.
    var onLocalChange: (() -> Void)?
    /// The selection or the list changed (module buttons follow the selected record).
    var onSelectionChanged: (() -> Void)?
    /// What New does instead of the editor, for a type whose records are made by a dialog of
    /// their own (a redemption: a member and a prize, checked against the prize's rules).
    var onNew: (() -> Void)?
    /// What the editor shows and asks beyond the type's fields (an announcement's phone
    /// preview and its confirmation before sending), for the record opened (nil: a new one).
    var editorExtras: ((LocalRecord?) -> RecordEditor.Extras)?
    /// Why a record can no longer be changed (an announcement sent): its editor opens to look
    /// at, saying so. Nil: it can be edited.
    var frozenReason: ((LocalRecord) -> String?)?
    /// Which records show, beyond the search (the Leads page's state filter); nil: all. Set
    /// it, then `refresh()`.
    var filter: ((LocalRecord) -> Bool)?
    /// The campus and ministry filter, for a type whose records carry them (`CampusTags`):
    /// narrows the list beside `filter`, by the rule members' reads follow.
    private let campusFilter: CampusFilter?
    /// What the "no results" page says of the search or of `filter` (`describeNoMatches`).
    private var noMatchesText = ""

    init(type: RecordType, service: RecordService, window: ApplicationWindow, toasts: ToastOverlay) {
        self.type = type
        self.service = service
        self.window = window
        self.toasts = toasts
        ui = Builder(resource: ResourceBundle.path("Records/record-list-page.ui"))
        widget = ui.object("record_list_page")
        searchEntry = ui.object("search_entry")
        countLabel = ui.object("count_label")
        toolbar = ui.object("toolbar")
        deleteButton = ui.object("delete_button")
        duplicateButton = ui.object("duplicate_button")
        stack = ui.object("record_stack")
        loading = LoadingPage(in: stack, pages: ["list", "empty", "no-results"])
        scroller = ui.object("record_scroller")
        showMoreButton = ui.object("show_more_button")
        viewOnlyLabel = ui.object("view_only_label")
        campusFilter = CampusTags.tags(type) ? CampusFilter() : nil
        let builder = ui
        editingButtons = ["new_button", "delete_button", "create_button"].map { builder.object($0, as: Widget.self) }

        selection = SingleSelection(model: keys, autoselect: false, canUnselect: true)
        table = ColumnView(model: selection)
        scroller.setChild(table)

        nameControls()
        addCampusFilter()
        addColumns()
        installActions()
        connectSignals()
        updateState()
    }

    /// Texts and accessible names that say the type: "New Bulletin", "Search giving funds".
    private func nameControls() {
        let noun = type.nouns.title.text
        let plural = type.nouns.pluralTitle.text
        let things = ["things": type.pluralNoun]
        table.setAccessibleLabel(plural)
        searchEntry.setPlaceholder(tr("Search {things}", things))
        searchEntry.setAccessibleLabel(tr("Search {things}", things))
        // The button shows a short "New": beside the search field, the count and the export
        // buttons, "New Survey Question" (in Spanish "Añadir: Pregunta de la encuesta") made the
        // page too wide to sit beside the sidebar. Its name and tooltip say the type in full.
        // TRANSLATORS: the button that adds a record on a list page; the page's title says what kind.
        ui.object("new_button_label", as: Label.self).setProperty("label", tr("_New"))
        let newButton: Button = ui.object("new_button")
        // TRANSLATORS: {Thing} is a kind of record as a title says it, like "Giving Fund".
        newButton.setAccessibleLabel(tr("New {Thing}", ["Thing": noun]))
        newButton.tooltip = tr("New {Thing}", ["Thing": noun])
        let createButton: Button = ui.object("create_button")
        createButton.setChild(Label(mnemonic: tr("_Create {Thing}", ["Thing": noun])))
        createButton.setAccessibleLabel(tr("Create {Thing}", ["Thing": noun]))
        let openButton: Button = ui.object("open_button")
        openButton.setAccessibleLabel(tr("Open {Thing}", ["Thing": noun]))
        openButton.tooltip = tr("Open {Thing}", ["Thing": noun])
        deleteButton.setAccessibleLabel(tr("Delete {Thing}", ["Thing": noun]))
        deleteButton.tooltip = tr("Delete {Thing}", ["Thing": noun])
        duplicateButton.setAccessibleLabel(tr("Duplicate {Thing}", ["Thing": noun]))
        duplicateButton.tooltip = tr("Duplicate {Thing} (Ctrl+D)", ["Thing": noun])
        duplicateButton.isVisible = type.allowsDuplicates
        let empty: StatusPage = ui.object("empty_page")
        empty.title = tr("No {Things} Yet", ["Things": plural])
        empty.iconName = type.module.iconName
        empty.statusDescription = type.isSingleton
            ? tr("Set up the {thing} once; your members’ apps use it.", ["thing": type.noun])
            : tr("{Things} you add here appear in your members’ app.", ["Things": RecordText.sentence(type.pluralNoun)])
        describeNoMatches(tr("No {things} match your search. Try fewer or different words.", things))
    }

    /// What the page says when the search or the filter leaves nothing (a filter of the
    /// page's own names itself: "No leads in this state").
    func describeNoMatches(_ text: String) {
        noMatchesText = text
        showNoMatchesText()
    }

    /// The campus filter's button beside the search, and its way out on the "no results" page.
    private func addCampusFilter() {
        guard let campusFilter else { return }
        toolbar.insert(campusFilter.widget, after: searchEntry)
        ui.object("no_results_page", as: StatusPage.self).setChild(campusFilter.clearButton)
        campusFilter.onChanged = { [weak self] _ in self?.reload() }
    }

    /// The filter's words while it narrows the list, else the search's (or the page's own).
    private func showNoMatchesText() {
        let searching = !searchEntry.text.trimmingCharacters(in: .whitespaces).isEmpty
        let text = campusFilter?.isActive == true ? campusFilter?.noMatches(searching: searching) ?? noMatchesText : noMatchesText
        ui.object("no_results_page", as: StatusPage.self).statusDescription = text
    }

    /// Whether the list shows fewer records than its search finds: a page's filter or a campus.
    private var narrows: Bool { filter != nil || campusFilter?.isActive == true }

    // MARK: table

    /// One column of the table: its title, width and what its cells say of a record.
    private struct Column {
        let title: String
        let width: Int
        let isStatus: Bool
        /// At least this many characters wide (a read column's longest words), if set.
        var widthChars: Int? = nil
        let text: @MainActor (LocalRecord) -> String
    }

    /// A column the records' own fields do not hold, read with each reload for the rows it
    /// shows (the Books list's loans: "Out · due 3 Dec"); by record id, none: empty.
    private var readColumn: (@MainActor (Organization, [LocalRecord]) async throws -> [UUID: String])?
    private var readTexts: [UUID: String] = [:]

    /// Adds a column read with the records, after the listed fields and the status: `read`
    /// gets the organization and the records the list is about to show, and answers the texts
    /// by record id. `widthChars`: its longest words in the person's language, so they are
    /// never cut.
    func addReadColumn(title: String, widthChars: Int,
                       read: @escaping @MainActor (Organization, [LocalRecord]) async throws -> [UUID: String]) {
        readColumn = read
        let column = Column(title: title, width: 0, isStatus: false, widthChars: max(widthChars, title.count)) { [weak self] record in
            self?.readTexts[record.id] ?? ""
        }
        addViewColumn(column, index: table.columnCount, fixedWidth: false)
    }

    private func addColumns() {
        var columns: [Column] = type.fields.filter(\.isListed).map { field in
            Column(title: field.label, width: Self.width(of: field.kind), isStatus: false) { [weak self] record in
                self?.cellText(record, field) ?? ""
            }
        }
        if type.hasStatus {
            let type = self.type
            columns.append(Column(title: tr("Status"), width: 100, isStatus: true) { record in
                type.statusText(of: record.fields) ?? ""
            })
        }
        for (index, column) in columns.enumerated() {
            // The status is as wide as its word in the person's language ("Programado" is
            // longer than "Scheduled"); the other columns keep their widths.
            addViewColumn(column, index: index, fixedWidth: index > 0 && !column.isStatus)
        }
    }

    private func addViewColumn(_ column: Column, index: Int, fixedWidth: Bool) {
        let viewColumn = table.addColumn(
            title: column.title, expand: index == 0, resizable: true,
            setup: { () -> Label in
                let label = Label()
                label.xalign = 0
                label.ellipsizesAtEnd = true
                if column.isStatus {
                    label.horizontalAlignment = .start
                    label.addCSSClass("status-pill")
                }
                // The title keeps room to be read; with many columns the table scrolls
                // sideways instead of squeezing it to a letter or two.
                if index == 0 { label.widthChars = 18 }
                if let chars = column.widthChars { label.widthChars = chars }
                return label
            },
            bind: { [weak self] label, key in
                guard let record = self?.records[key] else { return }
                let text = column.text(record)
                label.text = text
                if column.isStatus {
                    // The class follows the status's English word, whatever the language shown.
                    for name in Self.statusClasses { label.removeCSSClass(name) }
                    let status = self?.type.statusKey(of: record.fields) ?? ""
                    label.addCSSClass("status-\(status.lowercased())")
                }
            })
        if fixedWidth { viewColumn.fixedWidth = column.width }
    }

    private static let statusClasses = ["status-draft", "status-scheduled", "status-live", "status-expired", "status-published",
                                        "status-new", "status-contacted", "status-joined", "status-not-interested"]

    private static func width(of kind: FieldKind) -> Int {
        switch kind {
        case .date: 130
        case .dateTime: 170
        case .boolean, .integer, .duration: 85
        case .choice: 120
        case .reference: 170
        case .webURL, .email, .media: 250
        // Thirteen digits, as the list keeps every ISBN.
        case .isbn: 125
        default: 150
        }
    }

    private func cellText(_ record: LocalRecord, _ field: FieldSpec) -> String {
        let value = record.fields[field.name]
        if case .reference(let entity) = field.kind {
            guard let id = value?.stringValue.flatMap(UUID.init(uuidString:)) else { return "" }
            return titles[entity]?[id] ?? ""
        }
        if case .media = field.kind, case .item(let id)? = MediaFieldValue(stored: value) {
            return mediaNames[id] ?? value?.stringValue ?? ""
        }
        return field.displayText(value, zone: organization?.timeZone ?? .gmt)
    }

    private func connectSignals() {
        table.onActivateKey { [weak self] key in self?.openEditor(key: key) }
        selection.onSelectionChanged { [weak self] in self?.selectionChanged() }
        searchEntry.onSearchChanged { [weak self] in
            self?.shownLimit = RecordService.indexedPageSize
            self?.reload()
        }
        showMoreButton.onClicked { [weak self] in self?.showMore() }
        searchEntry.onStopSearch { [weak self] in self?.searchEntry.text = "" }
        // Enter in the search field moves to the first match, ready for Enter (open) or Delete.
        searchEntry.onActivate { [weak self] in
            guard let self else { return }
            Task {
                await self.reloadNow()
                guard !self.order.isEmpty else { return }
                self.selection.selectedPosition = 0
                SearchToList.focusList(self.table, if: true)
            }
        }
        // The list's own keys first, in the capture phase, as on the Events page.
        let keyController = Shortcuts.controller(Shortcuts.recordList)
        keyController.runsInCapturePhase = true
        table.addController(keyController)
        SearchToList.connect(search: searchEntry, list: table) { [weak self] in self?.order.count ?? 0 }
    }

    // MARK: showing an organization

    /// Adds a page's own button for this type (the Prizes page's Undo) to the list's toolbar,
    /// after Delete, so it sits with the list it acts on.
    func addToolbarButton(_ button: Widget) {
        toolbar.insert(button, after: deleteButton)
    }

    func show(_ org: Organization?) {
        guard org?.id != organization?.id else { return }
        organization = org
        lastDeleted = nil
        undoToast?.dismiss()
        searchEntry.text = ""
        shownLimit = RecordService.indexedPageSize
        // Only the spinner is met (by screen readers too) until the records are read.
        if org != nil { loading.show() }
        reload()
    }

    /// Reads the records again (a sync brought changes, another list changed what this one
    /// refers to).
    func refresh() {
        reload()
    }

    private func reload(select: UUID? = nil) {
        Task { await reloadNow(select: select) }
    }

    func reloadNow(select: UUID? = nil) async {
        loadRequest += 1
        let request = loadRequest
        guard let org = organization else {
            total = 0
            apply([], titles: [:], select: nil)
            return
        }
        let selectedBefore = selectedRecord?.id
        do {
            await LoadGate.wait()
            // A type searched through its index (books) shows a page of what the list holds,
            // searched or not: opening it or typing reads only what the list shows, and the
            // count says how many more there are. A record to select beyond the page (a book
            // just scanned) makes the list read as far as it.
            if type.isSearchIndexed, let select, let position = try await service.position(of: select, type, in: org,
                                                                                           search: searchEntry.text) {
                shownLimit = max(shownLimit, (position / RecordService.indexedPageSize + 1) * RecordService.indexedPageSize)
            }
            let page = try await service.page(type, in: org, search: searchEntry.text,
                                              limit: type.isSearchIndexed ? shownLimit : nil)
            var found = page.records
            // A view's own filter (the leads in one state) narrows what the list holds, and so
            // does a campus or ministry chosen (read again first: one may have gone).
            if let filter { found = found.filter(filter) }
            if let campusFilter {
                await campusFilter.read(org, service: service)
                if campusFilter.isActive { found = found.filter { campusFilter.keeps($0.fields) } }
            }
            var referenced: [String: [UUID: String]] = [:]
            for (_, entity) in type.references where referenced[entity] == nil {
                referenced[entity] = try await service.titles(of: entity, in: org)
            }
            // File names for the columns, which show the record's own fields (never a list's items).
            let showsMedia = type.mediaPlaces.contains { $0.itemField == nil }
            let media = showsMedia ? try await MediaChoices.items(in: org, database: service.database) : []
            let read = try await readColumn?(org, found) ?? [:]
            guard request == loadRequest else { return }
            mediaNames = Dictionary(media.map { ($0.id, $0.fileName) }, uniquingKeysWith: { first, _ in first })
            readTexts = read
            total = narrows ? found.count : page.total
            totalIsLowerBound = !narrows && page.totalIsLowerBound
            // Show More keeps the rows already read where they were on screen.
            let offset = scroller.verticalOffset
            // The row selected now, if any, rather than the one selected when the read began:
            // Enter in the search may have chosen a row while a sync's refresh was reading.
            apply(found, titles: referenced, select: select ?? selectedRecord?.id ?? selectedBefore)
            if keepsScroll {
                keepsScroll = false
                scroller.verticalOffset = offset
            }
        } catch {
            if request == loadRequest, loading.isShown { updateState() }
            toasts.showToast(tr("Could not load {things}: {error}", ["things": type.pluralNoun, "error": "\(error)"]))
        }
    }

    private func apply(_ found: [LocalRecord], titles: [String: [UUID: String]], select: UUID?) {
        self.titles = titles
        records = [:]
        order = found.map { record in
            let key = stableKeys.key(for: record.id)
            records[key] = record
            return key
        }
        keys.setKeys(order)
        if let select, let key = stableKeys.existingKey(for: select), let position = order.firstIndex(of: key) {
            selection.selectedPosition = position
        } else {
            selection.selectedPosition = nil
        }
        updateState()
    }

    /// The next page of an indexed type's list, below the rows shown.
    private func showMore() {
        shownLimit = order.count + RecordService.indexedPageSize
        keepsScroll = true
        reload()
    }

    private func updateState() {
        let count = order.count
        showMoreButton.isVisible = type.isSearchIndexed && !narrows && count > 0 && (count < total || totalIsLowerBound)
            && count >= shownLimit
        countLabel.text = organization == nil || count == 0 ? ""
            : RecordText.partialCount(shown: count, total: total, isLowerBound: totalIsLowerBound, of: type)
        let page = count > 0 ? "list"
            : searchEntry.text.trimmingCharacters(in: .whitespaces).isEmpty && !narrows ? "empty" : "no-results"
        if page == "no-results" { showNoMatchesText() }
        // Pages not shown are hidden too, so screen readers (and UI tests) only meet the empty
        // state on screen.
        loading.finish(showing: page)
        for other in ["list", "empty", "no-results"] where other != page {
            stack.child(named: other)?.isVisible = false
        }
        selectionChanged()
    }

    // MARK: selection and actions

    /// The selected record, as last read.
    var selectedRecord: LocalRecord? {
        guard stack.visibleChildName == "list", let key = selection.selectedKey else { return nil }
        return records[key]
    }

    private var actionByName: [String: Action] = [:]

    private func installActions() {
        actionByName["new"] = actions.addAction("new") { [weak self] in
            if let onNew = self?.onNew { onNew() } else { self?.openEditor(key: nil) }
        }
        actionByName["open"] = actions.addAction("open") { [weak self] in
            guard let self, let key = self.selection.selectedKey else { return }
            self.openEditor(key: key)
        }
        actionByName["delete"] = actions.addAction("delete") { [weak self] in self?.deleteSelected() }
        actionByName["duplicate"] = actions.addAction("duplicate") { [weak self] in
            guard let self, let key = self.selection.selectedKey else { return }
            self.openEditor(key: key, duplicating: true)
        }
        actions.addAction("search") { [weak self] in
            self?.searchEntry.grabFocus()
            self?.searchEntry.selectAll()
        }
        widget.insertActionGroup(actions, prefix: "list")
        // Ctrl+N, Ctrl+F and Ctrl+D while the focus is in the list's page.
        widget.addController(Shortcuts.controller(Shortcuts.recordPage))
    }

    private func selectionChanged() {
        let hasOrg = organization != nil
        let selected = selectedRecord != nil
        // A type kept once per organization (the podcast settings) gets no second record.
        actionByName["new"]?.isEnabled = hasOrg && canEdit && !(type.isSingleton && !order.isEmpty)
        actionByName["open"]?.isEnabled = selected
        // A ledger's records are never deleted (a redemption, a stamp entry).
        actionByName["delete"]?.isEnabled = selected && canEdit && !type.isAppendOnly
        actionByName["duplicate"]?.isEnabled = selected && canEdit && type.allowsDuplicates
        onSelectionChanged?()
    }

    /// Shows or hides everything that changes records, as the person's role allows. The store
    /// enforces the same rule; this only spares people buttons that cannot work.
    func setCanEdit(_ allowed: Bool) {
        guard allowed != canEdit else { return }
        canEdit = allowed
        for button in editingButtons { button.isVisible = allowed }
        duplicateButton.isVisible = allowed && type.allowsDuplicates
        viewOnlyLabel.isVisible = !allowed
        if !allowed {
            lastDeleted = nil
            undoToast?.dismiss()
        }
        selectionChanged()
    }

    /// Shows `id` (after a change made elsewhere on the page, such as a copy) selected.
    func reloadSelecting(_ id: UUID) async {
        await reloadNow(select: id)
        if let position = selection.selectedPosition { revealPosition(position) }
    }

    private func revealPosition(_ position: Int) {
        // GTK 4.8 lists cannot scroll to a row; estimate its place from the content height.
        let extent = scroller.verticalExtent
        guard !order.isEmpty, extent.content > 0 else { return }
        let rowHeight = extent.content / Double(order.count + 1)
        scroller.scrollToShow(top: Double(position) * rowHeight, height: rowHeight * 2)
    }

    /// Something changed records: sync follows, and so does whatever shows them.
    func changed() {
        onLocalChange?()
    }

    // MARK: editing

    /// Opens the editor on the record at `key` (nil: a new one). `duplicating`: on a new
    /// record filled from that one, its title marked as a copy; saving makes the new record and
    /// leaves the original as it was.
    private func openEditor(key: Int64?, duplicating: Bool = false) {
        let selected = key.flatMap { records[$0] }
        guard key == nil || selected != nil else { return }
        guard !duplicating || type.allowsDuplicates else { return }
        openEditor(record: duplicating ? nil : selected,
                   filled: duplicating ? selected.map { type.duplicateFields(of: $0.fields) } : nil)
    }

    /// Opens the editor on the organization's first live record that `matches`, or on a new
    /// one filled with `fields` (another page's way in: a trainer's row opens their profile).
    func openFirst(matching matches: @escaping @Sendable (JSONValue) -> Bool, orNewWith fields: JSONValue) {
        guard let org = organization, editor == nil else { return }
        let type = type, service = service
        Task {
            let found = (try? await service.list(type, in: org))?.first { matches($0.fields) }
            openEditor(record: found, filled: found == nil ? fields : nil)
        }
    }

    private func openEditor(record: LocalRecord?, filled: JSONValue?) {
        guard let org = organization, editor == nil else { return }
        guard record != nil || canEdit else { return }
        Task {
            // Fresh titles for the drop-downs of references: the other list may have changed.
            var referenced: [String: [UUID: String]] = [:]
            for (_, entity) in type.references {
                referenced[entity] = (try? await service.titles(of: entity, in: org)) ?? titles[entity] ?? [:]
            }
            // The library's files, for media fields (a file added since is offered too), and
            // what adds files dropped on them.
            let context = await FormContext(zone: org.timeZone, titles: referenced)
                .withMedia(for: type, in: org, database: service.database)
            guard editor == nil else { return }
            let type = self.type
            let service = self.service
            var extras = editorExtras?(record) ?? RecordEditor.Extras()
            extras.history = history
            let frozen = record.flatMap { frozenReason?($0) }
            if let frozen { extras.notice = frozen }
            let shown = RecordEditor(parent: window, type: type, organization: org, record: record, filledWith: filled,
                                     context: context, canEdit: canEdit && frozen == nil, extras: extras) { [weak self] fields in
                let saved: LocalRecord
                if let record {
                    saved = try await service.replace(type, id: record.id, fields: fields, in: org)
                } else {
                    saved = try await service.create(type, fields: fields, in: org)
                }
                self?.changed()
                await self?.reloadSelecting(saved.id)
            }
            shown.onClosed = { [weak self] in self?.editor = nil }
            editor = shown
            shown.present()
        }
    }

    private func deleteSelected() {
        guard let org = organization, canEdit, let record = selectedRecord else { return }
        let position = selection.selectedPosition ?? 0
        Task {
            do {
                try await service.delete(type, id: record.id, in: org)
                changed()
            } catch RecordServiceError.inUse(let reason), RecordServiceError.notRemovable(let reason) {
                toasts.showToast(tr("Cannot delete: {reason}", ["reason": reason]), timeout: 8)
                return
            } catch {
                toasts.showToast(tr("Could not delete the {thing}: {error}", ["thing": type.noun, "error": "\(error)"]))
                return
            }
            lastDeleted = (record.id, org)
            undoToast?.dismiss()
            let title = type.title(of: record.fields)
            let deleted = tr("{Thing} “{title}” deleted", ["Thing": RecordText.sentence(type.noun), "title": title])
            undoToast = toasts.showToast(deleted, button: tr("Undo")) {
                [weak self] in self?.undoDelete()
            }
            await reloadNow()
            // Keep the keyboard flow: the row that took the deleted one's place is selected.
            if !order.isEmpty { selection.selectedPosition = min(position, order.count - 1) }
        }
    }

    private func undoDelete() {
        guard let deleted = lastDeleted else { return }
        lastDeleted = nil
        undoToast?.dismiss()
        undoToast = nil
        Task {
            do {
                try await service.restore(type, id: deleted.id, in: deleted.org)
                changed()
                guard deleted.org.id == organization?.id else { return }
                await reloadSelecting(deleted.id)
            } catch {
                toasts.showToast(tr("Could not restore the {thing}: {error}", ["thing": type.noun, "error": "\(error)"]))
            }
        }
    }
}
