import Foundation
import GtkKit
import StewardCore
import Translation

/// The Class Schedule page: the gym's timetable mirrored from its booking service. A week grid
/// (days across, hours down, each class a block with its name, trainer, room and bookings,
/// coloured by program, cancelled ones struck through, substitutes marked), a list, or each
/// trainer's week (`TrainersView`); filters
/// by trainer, room and program, cancelled, substitutes; Refresh with what it changed and when
/// it last ran, and an automatic refresh the owner picks. A class opens its page
/// (`ClassDialog`): the source's fields read-only, the gym's note and featured flag editable.
/// Beside them, the gym's own content for its app, as record lists: daily quotes, the info page.
@MainActor
final class SchedulePage: ModulePage {
    let widget: Widget
    private let service: ScheduleService
    private let window: ApplicationWindow
    private let toasts: ToastOverlay
    /// Over the views while a week's classes are read: never the week before, nor an empty one.
    private let loading: LoadingPage
    private let switcherTitle: Widget
    private let backButton: Button
    private let header: Widget
    private let refreshButton: Button
    private let addSourceButton: Button
    private let refreshLabel: Label
    private let intervalChoice: DropDown
    private let weekLabel: Label
    private let trainerFilter: DropDown
    private let roomFilter: DropDown
    private let programFilter: DropDown
    private let cancelledFilter: ToggleButton
    private let substituteFilter: ToggleButton
    private let weekScroller: ScrolledWindow
    private let listScroller: ScrolledWindow
    private let trainersScroller: ScrolledWindow
    private let group: RecordListGroup

    private var organization: Organization?
    private var weekStart = WeekLayout.monday(of: LocalDate(Date(), in: .current))
    private var classes: [ScheduledClass] = []
    /// The week's staff appointments, shown in the trainers view.
    private var appointments: [StaffAppointment] = []
    private var sources: [ScheduleSource] = []
    private var canEdit = true
    private var loadRequest = 0
    private var refreshing = false
    private var fillingFilters = false
    private var autoRefresh: Task<Void, Never>?
    /// The schedule's own views; only the one shown is built, the others when they are shown
    /// (a week of 500 classes is 500 blocks per view).
    private static let views: Set<String> = ["week", "list", "trainers"]
    private var visibleView = "week"
    private var drawnViews: Set<String> = []
    /// The week grid, kept from week to week (its buttons are reused).
    private let weekGrid = WeekGrid()
    /// The list view, kept from week to week (its rows are reused).
    private let classList = ClassList()
    private let trainersView = TrainersView()
    /// The trainers' profiles, one of the gym's own lists: the trainers view opens them.
    private let trainerProfiles: RecordListPage

    var onLocalChange: (() -> Void)? {
        get { group.onLocalChange }
        set { group.onLocalChange = newValue }
    }

    init(service: ScheduleService, records: RecordService, window: ApplicationWindow, toasts _: ToastOverlay) {
        self.service = service
        self.window = window
        let ui = Builder(resource: ResourceBundle.path("Schedules/schedule-page.ui"))
        // What this page says shows in its own overlay, above the view switcher at the bottom
        // of a narrow window rather than over its tabs.
        let toasts: ToastOverlay = ui.object("page_toasts")
        self.toasts = toasts
        widget = ui.object("schedule_page")
        switcherTitle = ui.object("switcher_title")
        backButton = ui.object("back_button")
        header = ui.object("page_header")
        refreshButton = ui.object("refresh_button")
        addSourceButton = ui.object("add_source_button")
        refreshLabel = ui.object("refresh_label")
        intervalChoice = ui.object("interval_choice")
        weekLabel = ui.object("week_label")
        trainerFilter = ui.object("trainer_filter")
        roomFilter = ui.object("room_filter")
        programFilter = ui.object("program_filter")
        cancelledFilter = ui.object("cancelled_filter")
        substituteFilter = ui.object("substitute_filter")
        weekScroller = ui.object("week_scroller")
        listScroller = ui.object("list_scroller")
        trainersScroller = ui.object("trainers_scroller")

        // The gym's own content: a record list per type, as the record kit declares them.
        let stack: ViewStack = ui.object("view_stack")
        loading = LoadingPage(in: ui.object("load_stack"), pages: ["content"])
        let types: [(type: RecordType, icon: String)] = [(.dailyQuote, "format-text-bold-symbolic"),
                                                         (.gymInfo, "dialog-information-symbolic"),
                                                         (.trainer, "avatar-default-symbolic")]
        let lists = types.map { type, icon in
            let list = RecordListPage(type: type, service: records, window: window, toasts: toasts)
            list.widget.vexpand = true
            stack.addTitled(RecordListGroup.view(holding: list), name: type.entity, title: type.nouns.pluralTitle.text,
                            iconName: icon)
            return list
        }
        trainerProfiles = lists[2]
        group = RecordListGroup(lists, names: types.map(\.type.entity), stack: stack)
        // The schedule's own bars belong to its views (week, list, trainers), not to the record lists.
        let bars: [Widget] = [ui.object("status_bar"), ui.object("filter_bar")]
        stack.onVisibleChildChanged { [weak self] shown in
            for bar in bars { bar.isVisible = Self.views.contains(shown ?? "") }
            self?.visibleView = shown ?? ""
            self?.drawVisible()
        }

        intervalChoice.setStrings(ScheduleService.refreshIntervals.map(Self.intervalText))
        for filter in [trainerFilter, roomFilter, programFilter] {
            filter.onSelectionChanged { [weak self] _ in
                guard let self, !self.fillingFilters else { return }
                self.draw()
            }
        }
        cancelledFilter.onToggled { [weak self] _ in self?.draw() }
        substituteFilter.onToggled { [weak self] _ in self?.draw() }
        ui.object("previous_week_button", as: Button.self).onClicked { [weak self] in self?.moveWeek(by: -7) }
        ui.object("next_week_button", as: Button.self).onClicked { [weak self] in self?.moveWeek(by: 7) }
        ui.object("this_week_button", as: Button.self).onClicked { [weak self] in
            guard let self else { return }
            self.weekStart = WeekLayout.monday(of: LocalDate(Date(), in: self.organization?.timeZone ?? .current))
            self.reload()
        }
        refreshButton.onClicked { [weak self] in self?.refreshNow(automatic: false) }
        addSourceButton.onClicked { [weak self] in self?.addSource() }
        intervalChoice.onSelectionChanged { [weak self] index in
            guard let self, !self.fillingFilters, let org = self.organization, let index else { return }
            let minutes = ScheduleService.refreshIntervals[index]
            Task { @MainActor in
                do { try await self.service.setRefreshInterval(minutes, for: org) } catch { self.toasts.showToast("\(error)") }
            }
        }
        weekGrid.onOpen = { [weak self] scheduled in self?.open(scheduled) }
        weekScroller.setChild(weekGrid.widget)
        weekGrid.follow(weekScroller)
        classList.onOpen = { [weak self] scheduled in self?.open(scheduled) }
        listScroller.setChild(classList.widget)
        trainersView.onOpen = { [weak self] scheduled in self?.open(scheduled) }
        // A trainer's name opens their profile, or a new one with the name the schedule gives.
        trainersView.onOpenProfile = { [weak self] trainer in
            let key = RecordType.trainerKey(trainer)
            self?.trainerProfiles.openFirst(matching: { RecordType.trainerKey($0["name"]?.stringValue ?? "") == key },
                                            orNewWith: .object(["name": .string(trainer)]))
        }
        trainersView.onOpenAppointment = { [weak self] appointment in
            guard let self else { return }
            AppointmentDetails.present(appointment, zone: self.organization?.timeZone ?? .current, parent: self.window)
        }
        trainersScroller.setChild(trainersView.widget)
        trainersView.follow(trainersScroller)
        startAutomaticRefresh()
    }

    private static func intervalText(_ minutes: Int?) -> String {
        switch minutes {
        case nil: tr("Never")
        case 15: tr("Every 15 minutes")
        case 60: tr("Every hour")
        case 360: tr("Every 6 hours")
        default: tr("Every day")
        }
    }

    // MARK: ModulePage

    func show(_ org: Organization?) {
        switcherTitle.setProperty("subtitle", org?.name ?? "")
        group.show(org)
        guard org?.id != organization?.id else { return }
        organization = org
        weekStart = WeekLayout.monday(of: LocalDate(Date(), in: org?.timeZone ?? .current))
        // Another organization's week is not shown while this one's is read.
        if org != nil { loading.show() }
        reload()
    }

    func setFolded(_ folded: Bool) {
        backButton.isVisible = folded
        header.setProperty("show-start-title-buttons", folded)
    }

    func setCanEdit(_ allowed: Bool) {
        canEdit = allowed
        addSourceButton.isSensitive = allowed
        group.setCanEdit(allowed)
    }

    func syncReady(history: HistoryService) { group.syncReady(history: history) }

    func refresh() {
        group.refresh()
        reload()
    }

    // MARK: Loading

    private func moveWeek(by days: Int) {
        weekStart = weekStart.adding(days: days)
        // The week before is not shown under the new week's dates while it is read.
        if organization != nil { loading.show() }
        reload()
    }

    /// Reads the week's classes and the sources, then draws.
    private func reload() {
        loadRequest += 1
        let request = loadRequest
        guard let org = organization else {
            classes = []
            sources = []
            draw()
            return
        }
        let from = weekStart.startOfDay(in: org.timeZone)
        let to = weekStart.adding(days: 7).startOfDay(in: org.timeZone)
        Task { @MainActor in
            do {
                await LoadGate.wait()
                let classes = try await service.classes(in: org, from: from, to: to)
                let appointments = try await service.appointments(in: org, from: from, to: to)
                let sources = try await service.sources(in: org)
                let interval = try await service.refreshInterval(for: org)
                guard request == loadRequest else { return }

                self.classes = classes
                self.appointments = appointments
                self.sources = sources
                fillingFilters = true
                intervalChoice.selectedIndex = ScheduleService.refreshIntervals.firstIndex { $0 == interval } ?? 0
                fillingFilters = false
                fillFilters()
                showRefreshState()
                draw()
                loading.finish(showing: "content")
            } catch {
                guard request == loadRequest else { return }
                loading.finish(showing: "content")
                toasts.showToast(tr("Could not read the schedule: {error}", ["error": "\(error)"]))
            }
        }
    }

    /// The filters' choices from the week's classes, keeping what was chosen.
    private func fillFilters() {
        fillingFilters = true
        defer { fillingFilters = false }
        func fill(_ dropDown: DropDown, all: String, _ values: [String]) {
            let chosen = dropDown.selectedIndex.flatMap { $0 > 0 ? dropDown.strings[$0] : nil }
            let choices = [all] + Array(Set(values.filter { !$0.isEmpty })).sorted()
            if choices != dropDown.strings { dropDown.setStrings(choices) }
            dropDown.selectedIndex = chosen.flatMap { choices.firstIndex(of: $0) } ?? 0
        }
        fill(trainerFilter, all: tr("All trainers"), classes.map(\.source.trainer) + appointments.map(\.source.staff))
        fill(roomFilter, all: tr("All rooms"), classes.map(\.source.room))
        fill(programFilter, all: tr("All programs"), classes.map(\.source.program))
    }

    private var filter: ScheduleFilter {
        func chosen(_ dropDown: DropDown) -> String? {
            guard let index = dropDown.selectedIndex, index > 0 else { return nil }
            return dropDown.strings[index]
        }
        return ScheduleFilter(trainer: chosen(trainerFilter), room: chosen(roomFilter), program: chosen(programFilter),
                              cancelledOnly: cancelledFilter.isActive, substitutesOnly: substituteFilter.isActive)
    }

    // MARK: Drawing

    private func draw() {
        let last = weekStart.adding(days: 6)
        weekLabel.text = tr("{first} – {last}", ["first": ScheduleText.day(weekStart), "last": ScheduleText.day(last)])
        drawnViews = []
        drawVisible()
    }

    /// Builds the shown view from the week's classes, unless it is built already.
    private func drawVisible() {
        guard Self.views.contains(visibleView), !drawnViews.contains(visibleView) else { return }
        drawnViews.insert(visibleView)
        let zone = organization?.timeZone ?? .current
        let shown = classes.filter(filter.matches)
        switch visibleView {
        case "list": classList.show(shown, zone: zone)
        case "trainers":
            trainersView.show(TrainerWeek(shown, appointments: appointments.filter(filter.matches), firstDay: weekStart, zone: zone),
                              zone: zone)
        default: weekGrid.show(WeekLayout(shown, firstDay: weekStart, zone: zone), zone: zone)
        }
    }

    private func showRefreshState() {
        guard !sources.isEmpty else {
            refreshLabel.text = tr("No schedule source yet: add one with Add Source.")
            refreshButton.isSensitive = false
            return
        }
        refreshButton.isSensitive = !refreshing
        let zone = organization?.timeZone ?? .current
        refreshLabel.text = sources.map { source in
            var line: String
            if let when = source.lastRefreshedAt {
                line = tr("{source}: last refreshed {when} — {changes}",
                          ["source": source.label, "when": ScheduleText.dateTime(when, zone: zone),
                           "changes": source.lastCounts?.summary ?? tr("no changes")])
            } else {
                line = tr("{source}: never refreshed", ["source": source.label])
            }
            // A failure after the last refresh (or with none): said with the source, until a
            // refresh of it succeeds.
            if let failed = source.lastFailedAt, let reason = source.lastFailure {
                line += "\n    " + tr("Refresh failed {when}: {reason}",
                                      ["when": ScheduleText.dateTime(failed, zone: zone), "reason": reason])
            }
            return line
        }.joined(separator: "\n")
    }

    // MARK: Actions

    private func open(_ scheduled: ScheduledClass) {
        guard let org = organization else { return }
        Task { @MainActor in
            // A substitute's page says whom they stand in for (read from the schedule's other weeks).
            let regular = try? await service.regularTrainer(of: scheduled, in: org)
            present(scheduled, standingInFor: regular ?? nil, in: org)
        }
    }

    private func present(_ scheduled: ScheduledClass, standingInFor regular: String?, in org: Organization) {
        ClassDialog.present(scheduled, standingInFor: regular, org: org, parent: window, canEdit: canEdit) { [weak self] note, featured in
            guard let self else { return }
            Task { @MainActor in
                do {
                    try await self.service.setGymFields(note: note, featured: featured, on: scheduled.id, in: org)
                    self.toasts.showToast(tr("Saved the gym's note on {name}", ["name": scheduled.source.name]))
                    self.reload()
                } catch {
                    self.toasts.showToast(tr("Could not save: {error}", ["error": "\(error)"]))
                }
            }
        }
    }

    private func addSource() {
        guard let org = organization else { return }
        SourceDialog.present(parent: window) { [weak self] entry in
            guard let self else { return }
            Task { @MainActor in
                do {
                    switch entry.kind {
                    case .mindbody:
                        try await self.service.addMindBody(baseURL: entry.location, siteId: entry.siteId, apiKey: entry.apiKey, in: org)
                    case .ical:
                        try await self.service.addICal(entry.location, in: org)
                    case .file:
                        try await self.service.addFile(entry.location, in: org)
                    }
                    self.toasts.showToast(tr("Source added: refresh to read its schedule"))
                    self.reload()
                } catch {
                    ScheduleText.explain(tr("The source was not added"), ScheduleText.reason(error), parent: self.window)
                }
            }
        }
    }

    /// Refreshes each source on its own (`ScheduleService.refreshEach`), all or nothing for
    /// each: one that fails (the demo's MindBody site without a key, a feed that times out)
    /// changes nothing of its own and keeps none of the others from refreshing. Which sources
    /// were refreshed and what changed go to a toast; each source's last result, refreshed or
    /// failed and why, stays in the status line; why sources failed, to a dialog (a toast when
    /// the refresh was automatic). The automatic refresh asks only the sources that are due.
    private func refreshNow(automatic: Bool) {
        guard let org = organization, !refreshing, !sources.isEmpty else { return }
        refreshing = true
        refreshButton.isSensitive = false
        Task { @MainActor in
            defer {
                refreshing = false
                refreshButton.isSensitive = true
            }
            do {
                var due: [UUID]?
                if automatic {
                    due = try await service.sourcesDue(for: org).map(\.id)
                    if due?.isEmpty == true { return }
                }
                report(try await service.refreshEach(due, in: org), automatic: automatic)
            } catch {
                toasts.showToast(tr("Could not refresh the schedule: {error}", ["error": "\(error)"]))
            }
            reload()
        }
    }

    /// Says what a refresh did, source by source.
    private func report(_ outcomes: [SourceRefreshOutcome], automatic: Bool) {
        let refreshed = outcomes.compactMap(\.refreshed)
        let failures = outcomes.compactMap { outcome in
            outcome.failure.map { tr("{source}: {reason}", ["source": outcome.source.label, "reason": $0.message]) }
        }
        if !refreshed.isEmpty {
            let total = refreshed.reduce(RefreshCounts()) { $0 + $1.counts }
            var message = refreshed.count == 1
                ? tr("Refreshed: {changes}", ["changes": total.summary])
                : trn("Refreshed {count} source: {changes}", "Refreshed {count} sources: {changes}", refreshed.count,
                      ["changes": total.summary])
            for result in refreshed where result.appointmentsUnavailable {
                message += "\n" + tr("{source}: appointments not available from this source", ["source": result.source.label])
            }
            toasts.showToast(message, timeout: 10)
        }
        guard !failures.isEmpty else { return }
        let reasons = failures.joined(separator: "\n")
        if automatic {
            toasts.showToast(trn("Automatic refresh: a source failed, nothing of it was changed: {reasons}",
                                 "Automatic refresh: some sources failed, nothing of them was changed: {reasons}",
                                 failures.count, ["reasons": reasons]), timeout: 10)
        } else {
            ScheduleText.explain(trn("A source could not be refreshed; nothing of it was changed",
                                     "Some sources could not be refreshed; nothing of them was changed", failures.count),
                                 reasons, parent: window)
        }
    }

    /// Once a minute, a refresh of the sources whose interval has passed.
    private func startAutomaticRefresh() {
        autoRefresh = Task { @MainActor [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(nanoseconds: 60_000_000_000)
                guard let self, let org = self.organization else { continue }
                if (try? await self.service.isRefreshDue(for: org)) == true { self.refreshNow(automatic: true) }
            }
        }
    }

    deinit {
        autoRefresh?.cancel()
    }
}
