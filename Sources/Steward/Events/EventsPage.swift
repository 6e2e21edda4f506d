import Foundation
import GtkKit
import StewardCore
import Translation

/// The Events page of one organization: a searchable, sortable table of its events, the
/// actions on them (new, open, duplicate, delete with undo), and the empty states; beside the
/// table, the calendar's month, week and agenda views of their occurrences (`EventsCalendar`),
/// moved with Previous, Today and Next (Alt+Left, Ctrl+T, Alt+Right). For people
/// who may only look (a viewer's role) it has no editing actions and opens events read-only.
///
/// The page's menu imports an iCalendar file's events (`CalendarImporting`), with a preview,
/// and opens the organization's own calendars (`CalendarsWindow`), whose colours the calendar
/// views show and which the editor offers.
///
/// Its actions ("events.new", "events.duplicate"...) belong to the page, so the header buttons,
/// the right-click menu and the keyboard shortcuts all run the same code and grey out together,
/// and its keys (Ctrl+N, Ctrl+F, Ctrl+D, Ctrl+Z) work anywhere in the window while it is shown
/// and leave the other pages alone.
@MainActor
final class EventsPage: ModulePage {
    let widget: Widget
    private let ui: Builder
    private let environment: AppEnvironment
    private let window: ApplicationWindow
    private let toasts: ToastOverlay
    private let header: Widget
    private let titleWidget: WindowTitle
    private let backButton: Button
    private let searchEntry: SearchEntry
    private let countLabel: Label
    private let dateLabel: Label
    private let stack: Stack
    private let loading: LoadingPage
    private let scroller: ScrolledWindow
    private let list: EventsListController
    private let selection: SingleSelection
    private let table: ColumnView
    private var contextMenu: PopoverMenu?
    private let calendar: EventsCalendar
    private let searchRowParts: [Widget]
    private let periodBar: Widget
    private let periodLabel: Label
    private var viewToggles: [(view: CalendarView, button: ToggleButton)] = []
    private let calendarImport: CalendarImporting
    private var calendarsWindow: CalendarsWindow?
    private let calendarFilter = CalendarFilterChoice()
    /// The list's campus and ministry filter, in the header; the calendar views show every event.
    private let campusFilter = CampusFilter(showsChoice: false)
    private let noResultsPage: StatusPage
    /// What the "no results" page says of a search alone.
    private let noSearchMatches: String
    /// Holds the filter in the header, shown in the calendar views only: the list shows every event.
    private var calendarFilterHolder: Widget?
    /// The organization's calendars by id, as the editor offers them: read before an editor
    /// opens, so one made a moment ago is there.
    private var calendarTitles: [UUID: String] = [:]
    /// The organization's campuses and ministries by id, as the editor's Campus and Ministry
    /// rows offer them, read with the calendars.
    private var campusTitles: [String: [UUID: String]] = [:]
    /// The media library's files, for the editor's Image field.
    private var mediaChoices: [MediaItem] = []

    private(set) var organization: Organization?
    private var sortColumn = EventColumn.when
    private var ascending = true
    private let actionGroup = ActionGroup()
    private var actions: [String: Action] = [:]
    private var lastDeleted: (id: UUID, key: Int64, org: Organization)?
    private var undoToast: Toast?
    private var editor: RecordEditor?
    private var isOpeningEditor = false
    private let viewOnlyLabel: Label
    private let editingButtons: [Widget]
    private let emptyPage: StatusPage
    /// False for people whose role lets them look but not change.
    private(set) var canEdit = true

    /// Records histories for the editor's History button (nil until sync is set up).
    var history: HistoryService?
    /// Every local change made from this page: sync follows it.
    var onLocalChange: (() -> Void)?

    /// The labels GTK currently shows, so rows that arrive late fill their cells, and a
    /// right-click can tell which row it hit.
    private struct BoundCell {
        let label: Label
        let key: Int64
        let column: EventColumn
    }
    private var boundCells: [ObjectIdentifier: BoundCell] = [:]
    /// The picture beside each title cell's label, by the label.
    private var titleThumbnails: [ObjectIdentifier: EventThumbnail] = [:]
    /// Each title cell's label, by the cell (GTK hands the cell to bind).
    private var titleLabels: [ObjectIdentifier: Label] = [:]
    /// Where the media library keeps its files: events' pictures are read from there.
    private lazy var mediaFolder = MediaFolder.beside(databaseAt: environment.databasePath)

    init(environment: AppEnvironment, window: ApplicationWindow, toasts: ToastOverlay) {
        self.environment = environment
        self.window = window
        self.toasts = toasts
        ui = Builder(resource: ResourceBundle.path("Events/events-page.ui"))
        widget = ui.object("events_page")
        header = ui.object("events_header")
        titleWidget = ui.object("events_title")
        backButton = ui.object("back_button")
        searchEntry = ui.object("search_entry")
        countLabel = ui.object("count_label")
        dateLabel = ui.object("date_label")
        stack = ui.object("events_stack")
        loading = LoadingPage(in: stack, pages: ["list", "empty", "no-results"]
            + CalendarView.allCases.filter { $0 != .list }.map(\.rawValue))
        scroller = ui.object("events_scroller")
        viewOnlyLabel = ui.object("view_only_label")
        let builder = ui
        editingButtons = ["new_event_button", "duplicate_button", "delete_button", "create_event_button"]
            .map { builder.object($0, as: Widget.self) }
        emptyPage = ui.object("empty_page")
        noResultsPage = ui.object("no_results_page")
        noSearchMatches = noResultsPage.statusDescription ?? ""
        periodBar = ui.object("period_bar")
        periodLabel = ui.object("period_label")
        searchRowParts = ["search_entry", "count_label", "past_button"].map { builder.object($0, as: Widget.self) }
        calendar = EventsCalendar(service: environment.events)
        viewToggles = [(.list, ui.object("view_list")), (.month, ui.object("view_month")),
                       (.week, ui.object("view_week")), (.agenda, ui.object("view_agenda"))]

        list = EventsListController(service: environment.events)
        calendarImport = CalendarImporting(database: environment.database, window: window, toasts: toasts)
        selection = SingleSelection(model: list.keys, autoselect: false, canUnselect: true)
        table = ColumnView(model: selection)
        table.setAccessibleLabel(tr("Events"))
        scroller.setChild(table)

        addColumns()
        installActions()
        connectSignals()
        connectCalendar()
        connectCalendarFilter()
        connectCampusFilter()
        updateActionStates()
    }

    /// The header's campus and ministry filter: the list shows the events that concern the
    /// choice (those tagged with it, and those tagged with none).
    private func connectCampusFilter() {
        ui.object("campus_filter_holder", as: Box.self).append(campusFilter.widget)
        noResultsPage.setChild(campusFilter.clearButton)
        campusFilter.onChanged = { [weak self] _ in self?.reload() }
    }

    // MARK: calendar views

    private func connectCalendar() {
        calendar.onViewMade = { [weak self] widget, view in self?.stack.addNamed(widget, name: view.rawValue) }
        for (view, button) in viewToggles {
            button.onToggled { [weak self] active in
                guard active, let self, self.calendar.period.view != view else { return }
                self.calendar.show(view)
            }
        }
        calendar.onPeriodChanged = { [weak self] period in self?.periodChanged(period) }
        calendar.onOpen = { [weak self] occurrence in
            self?.openOccurrence(eventId: occurrence.eventId, occurrence: occurrence.occurrence)
        }
        calendar.onError = { [weak self] error in
            self?.toasts.showToast(tr("Could not load events: {error}", ["error": "\(error)"]))
        }
    }

    /// The period bar's calendar filter: the views show the chosen calendar's events.
    private func connectCalendarFilter() {
        let holder = ui.object("calendar_filter_holder", as: Box.self)
        holder.append(calendarFilter.widget)
        holder.isVisible = false
        calendarFilterHolder = holder
        calendarFilter.onChanged = { [weak self] id in self?.calendar.filter(calendar: id) }
    }

    /// Reads the organization's calendars again (shown, changed, synced): the filter lists them,
    /// and the views drop a filter on a calendar that is gone.
    private func readCalendars() {
        guard let org = organization else {
            calendarFilter.fill([:])
            return
        }
        Task {
            await readEditorChoices(of: org)
            guard organization?.id == org.id else { return }
            calendar.filter(calendar: calendarFilter.fill(calendarTitles))
            // A campus or ministry chosen that is gone: the list shows every event again.
            if await campusFilter.read(org, service: environment.records), organization?.id == org.id { reload() }
        }
    }

    private func periodChanged(_ period: CalendarPeriod) {
        for (view, button) in viewToggles where (view == period.view) != button.isActive {
            button.isActive = view == period.view
        }
        let isCalendar = period.view != .list
        periodBar.isVisible = isCalendar
        calendarFilterHolder?.isVisible = isCalendar
        campusFilter.isWanted = !isCalendar
        for part in searchRowParts { part.isVisible = !isCalendar }
        dateLabel.isVisible = !isCalendar && dateRead != nil
        periodLabel.text = CalendarText.title(period)
        updateState()
    }

    // MARK: showing an organization

    /// Keys and rows loaded before the page existed (for `org`, in the page's initial order):
    /// the first frame shows them without asking the database again.
    func prime(_ org: Organization, keys: [Int64], rows: [EventRow]) {
        list.prime(EventQuery(orgId: org.id, sort: sortKey, ascending: ascending), keys: keys, rows: rows)
        firstLoad = true
    }

    /// True until the first list is shown: that one is shown in two steps (see
    /// `EventsListController.load`).
    private var firstLoad = false

    /// Shows `org`'s events (nil: none, the window shows its first-run page).
    func show(_ org: Organization?) {
        guard org?.id != organization?.id else { return }
        organization = org
        lastDeleted = nil
        undoToast?.dismiss()
        titleWidget.subtitle = org?.name ?? ""
        searchEntry.text = ""
        updateActionStates()
        // Until the organization's events are read: the spinner, never "No Events Yet" nor the
        // last organization's rows (rows primed for the first frame are this one's: shown).
        if org != nil && !firstLoad { loading.show() }
        reload()
        calendar.setOrganization(org)
        calendarFilter.fill([:])
        readCalendars()
    }

    /// On a narrow window the page stands alone: it shows a back button and the window buttons.
    func setFolded(_ folded: Bool) {
        backButton.isVisible = folded
        header.setProperty("show-start-title-buttons", folded)
    }

    // MARK: table

    private func addColumns() {
        for column in EventColumn.allCases {
            if column == .title {
                addTitleColumn()
                continue
            }
            let viewColumn = table.addColumn(
                title: column.title, expand: column.expands, resizable: true, sortable: true,
                setup: { () -> Label in
                    let label = Label()
                    label.xalign = 0
                    label.ellipsizesAtEnd = true
                    for name in column.cssClasses { label.addCSSClass(name) }
                    return label
                },
                bind: { [weak self] label, key in self?.bind(label, key: key, column: column) },
                unbind: { [weak self] label in self?.boundCells[ObjectIdentifier(label)] = nil })
            if column.fixedWidth > 0 { viewColumn.fixedWidth = column.fixedWidth }
        }
        // Show the arrow on "When" from the start; this is also the query's default order.
        table.sort(byColumn: EventColumn.when.rawValue, ascending: true)
        table.onSortChanged { [weak self] index, ascending in
            guard let self else { return }
            self.sortColumn = index.flatMap(EventColumn.init(rawValue:)) ?? .when
            self.ascending = ascending
            self.reload()
        }
        list.onRowsLoaded = { [weak self] rows in self?.fill(rows) }
    }

    /// The title column: each cell a small picture (when the event has one) and the title.
    private func addTitleColumn() {
        let column = EventColumn.title
        table.addColumn(
            title: column.title, expand: column.expands, resizable: true, sortable: true,
            setup: { [weak self] () -> Box in
                let cell = Box.horizontal()
                let thumbnail = EventThumbnail()
                let label = Label()
                label.xalign = 0
                label.ellipsizesAtEnd = true
                label.hexpand = true
                for name in column.cssClasses { label.addCSSClass(name) }
                cell.append(thumbnail.image)
                cell.append(label)
                self?.titleLabels[ObjectIdentifier(cell)] = label
                self?.titleThumbnails[ObjectIdentifier(label)] = thumbnail
                return cell
            },
            bind: { [weak self] cell, key in
                guard let self, let label = self.titleLabels[ObjectIdentifier(cell)] else { return }
                self.bind(label, key: key, column: column)
            },
            unbind: { [weak self] cell in
                guard let self, let label = self.titleLabels[ObjectIdentifier(cell)] else { return }
                self.boundCells[ObjectIdentifier(label)] = nil
            })
    }

    private func bind(_ label: Label, key: Int64, column: EventColumn) {
        boundCells[ObjectIdentifier(label)] = BoundCell(label: label, key: key, column: column)
        let row = list.row(for: key)
        show(row, column: column, in: label)
        if row != nil { FirstPaintReport.rowsShown(in: window) }
    }

    /// A cell's text, with today's rows marked and past ones dimmed (`EventDayMark`).
    private func show(_ row: EventRow?, column: EventColumn, in label: Label) {
        let zone = organization?.timeZone ?? .gmt
        let mark = row.flatMap { EventDayMark.of($0, now: Date(), zone: zone) }
        let text = column.text(for: row, zone: zone)
        if let row, mark == .today, column == .when {
            label.text = EventDayMark.todayText(row, when: text, zone: zone)
        } else {
            label.text = text
        }
        // Labels are reused for other rows: the classes are set every time.
        for name in EventDayMark.cssClasses { label.setCSSClass(name, name == mark?.cssClass) }
        if let thumbnail = titleThumbnails[ObjectIdentifier(label)] {
            let path = row.flatMap { row in organization.flatMap { EventThumbnail.localFile(of: row, orgId: $0.id, folder: mediaFolder) } }
            thumbnail.show(path: path, title: row?.title ?? "")
        }
    }

    private func fill(_ rows: [EventRow]) {
        defer { FirstPaintReport.rowsShown(in: window) }
        let byKey = Dictionary(uniqueKeysWithValues: rows.map { ($0.key, $0) })
        for cell in boundCells.values {
            if let row = byKey[cell.key] { show(row, column: cell.column, in: cell.label) }
        }
    }

    private func connectSignals() {
        BenchDriver.attach(search: searchEntry, list: table, window: window)
        table.onActivateKey { [weak self] key in self?.openEditor(key: key) }
        selection.onSelectionChanged { [weak self] in self?.updateActionStates() }
        searchEntry.onSearchChanged { [weak self] in self?.reload() }
        searchEntry.onStopSearch { [weak self] in self?.searchEntry.text = "" }
        // Enter in the search field moves to the first match, ready for Enter (open) or Delete.
        searchEntry.onActivate { [weak self] in
            guard let self else { return }
            Task {
                // Enter may beat the search's short typing delay: run the query now if so.
                if self.list.query?.search != self.searchEntry.text { await self.reloadNow() }
                guard self.list.count > 0 else { return }
                self.selectAndReveal(0)
                SearchToList.focusList(self.table, if: true)
            }
        }
        // The list's own keys first, in the capture phase: the search field's key capture
        // (added next) would otherwise take Delete as an edit of the search text.
        let keys = Shortcuts.controller(Shortcuts.eventList)
        keys.runsInCapturePhase = true
        table.addController(keys)
        // Down goes to the list; typing while the table has focus goes to the search field.
        SearchToList.connect(search: searchEntry, list: table) { [weak self] in self?.list.count ?? 0 }

        let click = GestureClick(button: 3)
        click.onPressed { [weak self] _, x, y in self?.showContextMenu(x: x, y: y) }
        table.addController(click)
        contextMenu = PopoverMenu(menu: ui.object("event_menu"), parent: table)
    }

    /// Right-click: select the row under the pointer and offer what can be done with it.
    private func showContextMenu(x: Double, y: Double) {
        guard let picked = table.pick(x: x, y: y) else { return }
        let chain = Set(Widget.ancestors(of: picked))
        guard let cell = boundCells.values.first(where: { chain.contains($0.label.raw) }),
              let position = list.position(of: cell.key) else { return }
        selection.selectedPosition = position
        contextMenu?.popup(atX: x, y: y)
    }

    // MARK: loading

    /// "When", ascending (as the page opens): upcoming events first, soonest first, then past
    /// ones, latest first, so the list opens on today. Descending is every event latest first.
    private var sortKey: EventSortKey {
        sortColumn == .when && ascending ? .upcoming : sortColumn.sortKey
    }

    /// The search as a query: a date in it ("worship december") is read once here and becomes
    /// a range of days, the other words the text searched for.
    private var currentQuery: EventQuery? {
        guard let organization else { return nil }
        let text = searchEntry.text
        let date = DateSearchText.read(text, zone: organization.timeZone)
        showDateRead(date?.span)
        return EventQuery(orgId: organization.id, search: date?.text ?? text,
                          sort: sortKey, ascending: ascending, dates: date?.span.interval(in: organization.timeZone),
                          concerning: campusFilter.choice)
    }

    /// The date the search was read as, shown beside it while the list is (the calendar views
    /// hide the search row).
    private var dateRead: SearchDateSpan?

    private func showDateRead(_ span: SearchDateSpan?) {
        dateRead = span
        dateLabel.isVisible = span != nil && calendar.period.view == .list
        dateLabel.text = span.map(DateSearchText.showing) ?? ""
    }

    /// Re-runs the query; afterwards selects `select` (a key) if given, else keeps the
    /// selected event selected.
    private func reload(invalidating changed: [Int64] = [], select: Int64? = nil) {
        Task { await reloadNow(invalidating: changed, select: select) }
    }

    private func reloadNow(invalidating changed: [Int64] = [], select: Int64? = nil) async {
        // The calendar view shown follows every change the table does (a save, a sync, a delete).
        if calendar.period.view != .list { calendar.reload() }
        guard let query = currentQuery else {
            list.clear()
            updateState(loaded: true)
            return
        }
        let selectedBefore = selection.selectedKey
        do {
            await LoadGate.wait()
            // A maximized window is as tall as the screen: then the first frame gets a full page.
            let height = window.isMaximized ? Int.max / 2 : window.defaultSize.height
            let firstPaint = firstLoad ? (window: window as Widget, height: height) : nil
            firstLoad = false
            guard try await list.load(query, invalidating: changed, firstPaint: firstPaint) else { return }
        } catch {
            if loading.isShown { updateState(loaded: true) }
            toasts.showToast(tr("Could not load events: {error}", ["error": "\(error)"]))
            return
        }
        // The row selected now, if any, rather than the one selected when the read began: Enter
        // in the search may have chosen the first match while a sync's refresh was reading, and
        // clearing it here left "Open Event" greyed out under the person's keys.
        let keep = select ?? selection.selectedKey ?? selectedBefore
        if let keep, let position = list.position(of: keep) {
            selectAndReveal(position)
        } else {
            selection.selectedPosition = nil
        }
        updateState(loaded: true)
        BenchDriver.listShown(for: query.search)
    }

    /// `loaded`: after a read of the list. Otherwise (a view switched) the spinner shown while
    /// the organization's events are first read stays over the list until they are.
    private func updateState(loaded: Bool = false) {
        let count = list.count
        // The empty states say it in words; a "0 events" beside them would only repeat it.
        countLabel.text = organization == nil || count == 0 ? "" : RecordType.event.nouns.count(count)
        let page: String
        if calendar.period.view != .list && organization != nil {
            page = calendar.period.view.rawValue
        } else if count > 0 {
            page = "list"
        } else {
            let searching = !searchEntry.text.trimmingCharacters(in: .whitespaces).isEmpty
            page = searching || campusFilter.isActive ? "no-results" : "empty"
            noResultsPage.statusDescription = campusFilter.isActive ? campusFilter.noMatches(searching: searching) : noSearchMatches
        }
        // Pages not shown are hidden too, so screen readers (and the UI test) only find
        // the empty state that is actually on screen.
        guard loaded || !loading.isShown || calendar.period.view != .list else {
            updateActionStates()
            return
        }
        loading.finish(showing: page)
        for other in ["list", "empty", "no-results"] + CalendarView.allCases.filter { $0 != .list }.map(\.rawValue)
        where other != page {
            stack.child(named: other)?.isVisible = false
        }
        updateActionStates()
    }

    private func selectAndReveal(_ position: Int) {
        selection.selectedPosition = position
        // GTK 4.8 lists cannot scroll to a row; estimate its place from the content height.
        let extent = scroller.verticalExtent
        guard list.keys.count > 0, extent.content > 0 else { return }
        let rowHeight = extent.content / Double(list.keys.count + 1)
        scroller.scrollToShow(top: Double(position) * rowHeight, height: rowHeight * 2)
    }

    // MARK: actions

    private func installActions() {
        actions["new"] = actionGroup.addAction("new") { [weak self] in self?.openEditor(key: nil) }
        actions["search"] = actionGroup.addAction("search") { [weak self] in
            guard let self else { return }
            self.searchEntry.grabFocus()
            self.searchEntry.selectAll()
        }
        actions["open"] = actionGroup.addAction("open") { [weak self] in
            guard let self, let key = self.selection.selectedKey else { return }
            self.openEditor(key: key)
        }
        actions["duplicate"] = actionGroup.addAction("duplicate") { [weak self] in self?.duplicateSelected() }
        actions["delete"] = actionGroup.addAction("delete") { [weak self] in self?.deleteSelected() }
        actions["undo"] = actionGroup.addAction("undo") { [weak self] in self?.undoDelete() }
        actions["previous"] = actionGroup.addAction("previous") { [weak self] in self?.calendar.move(by: -1) }
        actions["next"] = actionGroup.addAction("next") { [weak self] in self?.calendar.move(by: 1) }
        actions["today"] = actionGroup.addAction("today") { [weak self] in self?.calendar.goToToday() }
        actions["past"] = actionGroup.addAction("past") { [weak self] in self?.goToPast() }
        actions["import"] = actionGroup.addAction("import") { [weak self] in
            guard let self, let org = self.organization, self.canEdit else { return }
            self.calendarImport.start(into: org)
        }
        actions["calendars"] = actionGroup.addAction("calendars") { [weak self] in self?.openCalendars() }
        calendarImport.onImported = { [weak self] in
            // As after any edit: sync follows, and the table and calendar show the new events.
            self?.onLocalChange?()
            self?.refresh()
        }
        widget.insertActionGroup(actionGroup, prefix: "events")
        // The page's keys work wherever the focus is in the window, as long as the page is on
        // screen: a hidden page's shortcuts are skipped. They run before the focused widget
        // sees the key, so Ctrl+Z undoes a delete while there is one to undo (and is left to
        // the text fields otherwise, the action being disabled).
        let keys = Shortcuts.controller(Shortcuts.eventsPage, scope: .managed)
        keys.runsInCapturePhase = true
        widget.addController(keys)
    }

    private func updateActionStates() {
        let hasOrg = organization != nil
        let hasSelection = hasOrg && selection.selectedKey != nil && stack.visibleChildName == "list"
        actions["new"]?.isEnabled = hasOrg && canEdit
        actions["search"]?.isEnabled = hasOrg
        actions["open"]?.isEnabled = hasSelection
        actions["duplicate"]?.isEnabled = hasSelection && canEdit
        actions["delete"]?.isEnabled = hasSelection && canEdit
        actions["undo"]?.isEnabled = lastDeleted != nil && canEdit
        actions["import"]?.isEnabled = hasOrg && canEdit
        actions["calendars"]?.isEnabled = hasOrg
        // Past events follow the upcoming ones only in the order the list opens in.
        actions["past"]?.isEnabled = hasOrg && sortKey == .upcoming && list.count > 0
        let inCalendar = hasOrg && calendar.period.view != .list
        for name in ["previous", "next", "today"] { actions[name]?.isEnabled = inCalendar }
    }

    /// "Past Events": selects the latest event that is over (where the list's past part
    /// begins) and puts the focus on it; Up goes back towards today.
    private func goToPast() {
        guard let org = organization else { return }
        Task {
            guard let over = try? await environment.events.keysOver(orgId: org.id),
                  let position = (0..<list.keys.count).first(where: { list.keys.key(at: $0).map(over.contains) == true })
            else {
                toasts.showToast(tr("No past events in this list"))
                return
            }
            selectAndReveal(position)
            table.focusRow(at: position)
            updateActionStates()
        }
    }

    /// Shows or hides everything that changes events, as the current person's role allows.
    /// The store enforces the same rule; this only spares people buttons that cannot work.
    func setCanEdit(_ allowed: Bool) {
        guard allowed != canEdit else { return }
        canEdit = allowed
        for button in editingButtons { button.isVisible = allowed }
        viewOnlyLabel.isVisible = !allowed
        emptyPage.statusDescription = allowed
            ? tr("Events you add here appear in your members’ app.")
            : tr("Events your staff add appear here.")
        if !allowed {
            lastDeleted = nil
            undoToast?.dismiss()
        }
        updateActionStates()
    }

    /// The selected event's key and id (the id may need a fetch if the row is not cached).
    private func selectedEvent() async -> (key: Int64, id: UUID, title: String)? {
        guard let key = selection.selectedKey else { return nil }
        if let row = list.cachedRow(for: key) { return (key, row.id, row.title) }
        guard let row = try? await environment.events.rows(for: [key]).first else { return nil }
        return (key, row.id, row.title)
    }

    private func openEditor(key: Int64?) {
        // One editor at a time; `isOpeningEditor` covers the fetch before it exists.
        guard let org = organization, editor == nil, !isOpeningEditor else { return }
        guard key != nil || canEdit else { return }
        isOpeningEditor = true
        Task {
            defer { isOpeningEditor = false }
            var existing: Event?
            if let key {
                guard let selected = await selectedEvent(), selected.key == key,
                      let event = try? await environment.events.event(id: selected.id) else { return }
                existing = event
            }
            await readEditorChoices(of: org)
            presentEditor(for: existing, key: key, in: org)
        }
    }

    /// One date of a repeating event (from a calendar view): which dates an edit is for is
    /// asked first (see `OccurrenceEditing`); an event that happens once opens as in the list.
    func openOccurrence(eventId: UUID, occurrence: String) {
        guard let org = organization, editor == nil, !isOpeningEditor else { return }
        isOpeningEditor = true
        Task {
            defer { isOpeningEditor = false }
            guard let event = try? await environment.events.event(id: eventId) else { return }
            await readEditorChoices(of: org)
            guard canEdit else { return presentEditor(for: event, key: nil, in: org) }
            OccurrenceEditing(window: window, events: environment.events, organization: org, context: editorContext(org),
                              history: history, toasts: toasts,
                              present: { [weak self] in self?.present($0) },
                              changed: { [weak self] event in
                                  self?.saved(event, key: nil)
                                  // The table's row of the series, if shown, is read again.
                                  self?.refresh()
                              })
                .open(event, occurrence: occurrence) { [weak self] in self?.presentEditor(for: $0, key: nil, in: org) }
        }
    }

    /// The event editor on `existing` (nil: a new event); `key` is its row in the table, if known.
    private func presentEditor(for existing: Event?, key: Int64?, in org: Organization) {
        let events = environment.events
        let record = existing.map { LocalRecord(entity: SyncEntity.event, id: $0.id, orgId: org.id, fields: $0.details.syncFields) }
        present(RecordEditor(parent: window, type: .event, organization: org, record: record,
                             context: editorContext(org), canEdit: canEdit,
                             extras: RecordEditor.Extras(history: history)) { [weak self] fields in
            // Events keep their own table: the kit checks the fields, the event service stores them.
            let details = try EventDetails(typed: fields, organizationZone: org.timeZone)
            let event: Event
            if let existing {
                event = try await events.update(existing.id, with: details, in: org)
            } else {
                event = try await events.create(details, in: org)
            }
            self?.saved(event, key: key)
            // Opened from the calendar: the table's row of it, if shown, is read again.
            if key == nil, existing != nil { self?.refresh() }
        })
    }

    /// What the event editor's inputs need: the zone, the calendars its Calendar row offers,
    /// and for its Image the library's files and a way to add more (see `MediaInput`).
    private func editorContext(_ org: Organization) -> FormContext {
        FormContext(zone: org.timeZone, titles: campusTitles.merging([EventCalendar.entity: calendarTitles]) { _, calendars in calendars },
                    media: mediaChoices, mediaAdder: MediaAdder(database: environment.database, organization: org))
    }

    /// Reads what the editor offers to choose from: calendars, campuses and ministries, files.
    private func readEditorChoices(of org: Organization) async {
        if let files = try? await MediaChoices.items(in: org, database: environment.database) { mediaChoices = files }
        if let titles = try? await environment.records.titles(of: EventCalendar.entity, in: org) {
            calendarTitles = titles
        }
        for entity in [CampusTags.campusEntity, CampusTags.ministryEntity] {
            if let titles = try? await environment.records.titles(of: entity, in: org) { campusTitles[entity] = titles }
        }
    }

    /// The organization's calendars, in a window beside the page; a change there repaints the
    /// calendar views in the calendars' colours and is synced as any edit.
    private func openCalendars() {
        guard let org = organization, calendarsWindow == nil else { return }
        let made = CalendarsWindow(parent: window, organization: org, records: environment.records, canEdit: canEdit,
                                   history: history)
        made.onChanged = { [weak self] in
            self?.onLocalChange?()
            self?.calendar.reload()
            self?.readCalendars()
        }
        made.onClosed = { [weak self] in self?.calendarsWindow = nil }
        calendarsWindow = made
        made.present()
    }

    /// Sync is set up: the editor's History button reads events' histories from `history`.
    func syncReady(history: HistoryService) {
        self.history = history
    }

    /// "Edit and retry" from the Sync page, for a rejected event: the editor opens on the
    /// values the store refused, and saving sends the corrected version in their place.
    func editRejected(_ change: RejectedChange, in org: Organization, engine: SyncEngine,
                      onRetried: @escaping () -> Void) -> Bool {
        guard change.entity == SyncEntity.event else { return false }
        openRejectedEditor(change, in: org, engine: engine, onRetried: onRetried)
        return true
    }

    private func openRejectedEditor(_ change: RejectedChange, in org: Organization, engine: SyncEngine,
                                    onRetried: @escaping () -> Void) {
        guard editor == nil, !isOpeningEditor, let details = change.details else { return }
        let refused = LocalRecord(entity: SyncEntity.event, id: change.recordId, orgId: org.id, fields: details.syncFields)
        let extras = RecordEditor.Extras(
            heading: tr("Correct Rejected Change"),
            notice: tr("The store refused this change: {reason}. Correct it and save to send it again.", ["reason": change.reason]),
            history: history)
        isOpeningEditor = true
        Task {
            defer { isOpeningEditor = false }
            // This organization's calendars, which the page may not have read yet.
            await readEditorChoices(of: org)
            present(RecordEditor(parent: window, type: .event, organization: org, record: refused,
                                 context: editorContext(org), canEdit: true, extras: extras) { fields in
                let corrected = try EventDetails(typed: fields, organizationZone: org.timeZone)
                try await engine.retry(deadLetterId: change.id, details: corrected)
                onRetried()
            })
        }
    }

    private func present(_ editor: RecordEditor) {
        editor.onClosed = { [weak self] in self?.editor = nil }
        self.editor = editor
        editor.present()
    }

    /// Rows changed under the page (a sync brought other people's edits, a conflict was
    /// settled): the list and the rows on screen are read again.
    func refresh() {
        guard let orgId = organization?.id else { return }
        // A sync may have brought calendars, renamed or removed.
        readCalendars()
        Task {
            // The rows on screen are fetched before the cache is replaced, so they change in
            // place instead of going blank for a frame.
            let onScreen = Array(Set(boundCells.values.map(\.key)))
            let fresh = (try? await environment.events.rows(for: onScreen)) ?? []
            // Another organization was chosen meanwhile: these rows are the last one's, and
            // its own load has already read the list.
            guard organization?.id == orgId else { return }
            list.replaceCachedRows(with: fresh)
            fill(fresh)
            await reloadNow()
        }
    }

    private func saved(_ event: Event, key: Int64?) {
        onLocalChange?()
        Task {
            await reloadNow(invalidating: key.map { [$0] } ?? [])
            if let newKey = await list.key(of: event.id, hint: key), let position = list.position(of: newKey) {
                selectAndReveal(position)
                updateActionStates()
            }
        }
    }

    private func duplicateSelected() {
        guard let org = organization, canEdit else { return }
        Task {
            guard let selected = await selectedEvent() else { return }
            do {
                let copy = try await environment.events.duplicate(selected.id, in: org)
                onLocalChange?()
                await reloadNow()
                if let key = await list.key(of: copy.id), let position = list.position(of: key) {
                    selectAndReveal(position)
                    updateActionStates()
                }
                toasts.showToast(tr("Event duplicated"))
            } catch {
                toasts.showToast(tr("Could not duplicate the event: {error}", ["error": "\(error)"]))
            }
        }
    }

    private func deleteSelected() {
        guard let org = organization, canEdit else { return }
        Task {
            guard let selected = await selectedEvent() else { return }
            let position = selection.selectedPosition ?? 0
            do {
                try await environment.events.delete(selected.id, in: org)
                onLocalChange?()
            } catch {
                toasts.showToast(tr("Could not delete the event: {error}", ["error": "\(error)"]))
                return
            }
            lastDeleted = (selected.id, selected.key, org)
            undoToast?.dismiss()
            let toast = toasts.showToast(tr("Event deleted"), button: tr("Undo")) { [weak self] in self?.undoDelete() }
            undoToast = toast
            await reloadNow()
            // Keep the keyboard flow: the row that took the deleted one's place is selected.
            if list.count > 0 { selectAndReveal(min(position, list.count - 1)) }
            updateActionStates()
        }
    }

    private func undoDelete() {
        guard let deleted = lastDeleted else { return }
        lastDeleted = nil
        undoToast?.dismiss()
        undoToast = nil
        updateActionStates()
        Task {
            do {
                try await environment.events.restore(deleted.id, in: deleted.org)
                onLocalChange?()
                guard deleted.org.id == organization?.id else { return }
                await reloadNow(select: deleted.key)
            } catch {
                toasts.showToast(tr("Could not restore the event: {error}", ["error": "\(error)"]))
            }
        }
    }
}
