import Foundation
import GtkKit
import StewardCore
import Translation

/// The Rides page of an organization with the rides module (a campus ministry): its events
/// with ride sharing on, and the chosen event's board (`RideBoardPane`). Staff assign and
/// unassign by hand, and Assign Everyone shows the solver's plan as a diff against the plan in
/// force (`RideProposalPane`) to accept or discard. Everything goes through `RidePlanService`,
/// the path `stewardctl rides` takes: the same rules refuse the same changes, each applied
/// change writes the members' notifications, and the next sync sends it all.
@MainActor
final class RidesPage: ModulePage {
    let widget: Widget
    private let header: ModuleHeader
    private let service: RidePlanService
    private let window: ApplicationWindow
    private let toasts: ToastOverlay
    private let stack: Stack
    /// Shown while the events or a board are read, and while a change is written: never "No
    /// Event Chosen" before the events are known, nor the plan from before Accept.
    private let loading: LoadingPage
    private let proposeButton: Button
    private let defaultPickupButton: Button
    private let records: RecordService
    /// The kit's editor on the organization's ride settings or the chosen event's pickup.
    private var pickupEditor: RecordEditor?
    private let eventList = ListBox.sidebar()
    private let boardPane = RideBoardPane()
    private let proposalPane = RideProposalPane()
    /// For a repeating event, which date's rides the board shows (the next by default).
    private let dateChoice = DropDown(strings: [])
    private var dates: [EventOccurrence] = []
    private var fillingDates = false
    private let actions = ActionGroup()
    private var proposeAction: Action?
    private var defaultPickupAction: Action?
    private var organization: Organization?
    private var events: [RideEvent] = []
    private var chosen: RideEvent?
    /// The date of a repeating event chosen; nil: the next (or an event that happens once).
    private var chosenDate: String?
    private var board: RideBoard?
    /// The event and date whose board the pane holds: a read of another shows the spinner.
    private var boardShownFor: (event: UUID, date: String?)?
    /// The proposal shown, and the plan it was made against.
    private var proposal: (diff: RidePlanDiff, basis: [RidePair])?
    private var canEdit = true
    private var loadRequest = 0
    private var busy = false

    var onLocalChange: (() -> Void)?

    init(service: RidePlanService, window: ApplicationWindow, toasts: ToastOverlay) {
        self.service = service
        self.window = window
        self.toasts = toasts
        records = RecordService(database: service.database)
        let ui = Builder(resource: ResourceBundle.path("Rides/rides-page.ui"))
        widget = ui.object("rides_page")
        header = ModuleHeader(ui: ui)
        stack = ui.object("content_stack")
        loading = LoadingPage(in: stack, pages: ["empty", "board", "proposal"])
        proposeButton = ui.object("propose_button")
        defaultPickupButton = ui.object("default_pickup_button")
        eventList.setAccessibleLabel(tr("Events with ride sharing"))
        eventList.vexpand = true
        ui.object("events_holder", as: Box.self).append(eventList)
        let boardHolder: Box = ui.object("board_holder")
        dateChoice.setAccessibleLabel(tr("Date"))
        dateChoice.tooltip = tr("Which date of this repeating event to plan rides for")
        dateChoice.horizontalAlignment = .start
        // In line with the board's own margins, above its heading.
        dateChoice.setMargins(top: 12, bottom: 0, start: 12, end: 12)
        dateChoice.isVisible = false
        boardHolder.append(dateChoice)
        boardHolder.append(boardPane.widget)
        boardPane.widget.vexpand = true
        let proposalHolder: Box = ui.object("proposal_holder")
        proposalHolder.append(proposalPane.widget)
        proposalPane.widget.vexpand = true
        proposeAction = actions.addAction("propose") { [weak self] in self?.propose() }
        defaultPickupAction = actions.addAction("default-pickup") { [weak self] in self?.editDefaultPickup() }
        boardPane.eventPickupButton.onClicked { [weak self] in self?.editEventPickup() }
        widget.insertActionGroup(actions, prefix: "rides")
        eventList.onRowSelected { [weak self] row in
            guard let self, let tag = row?.tag, let event = self.events.first(where: { $0.id.uuidString == tag }) else { return }
            self.choose(event)
        }
        dateChoice.onSelectionChanged { [weak self] index in
            guard let self, !self.fillingDates, let index, index < self.dates.count else { return }
            self.chosenDate = self.dates[index].occurrence
            self.proposal = nil
            self.loadBoard()
        }
        boardPane.onSelectionChanged = { [weak self] in self?.updateButtons() }
        boardPane.assignButton.onClicked { [weak self] in self?.assignChosen() }
        boardPane.unassignButton.onClicked { [weak self] in self?.unassignChosen() }
        boardPane.reviewButton.onClicked { [weak self] in self?.propose() }
        proposalPane.acceptButton.onClicked { [weak self] in self?.accept() }
        proposalPane.discardButton.onClicked { [weak self] in self?.discard() }
        updateButtons()
    }

    // MARK: ModulePage

    func show(_ org: Organization?) {
        guard org?.id != organization?.id else { return }
        organization = org
        header.show(org)
        chosen = nil
        chosenDate = nil
        dates = []
        dateChoice.isVisible = false
        board = nil
        boardShownFor = nil
        proposal = nil
        if org == nil { loading.finish(showing: "empty") } else { loading.show() }
        loadEvents()
    }

    func setFolded(_ folded: Bool) { header.setFolded(folded) }

    func setCanEdit(_ allowed: Bool) {
        canEdit = allowed
        updateButtons()
    }

    func refresh() {
        loadEvents()
    }

    private func updateButtons() {
        let onBoard = board != nil && proposal == nil && !busy
        proposeAction?.isEnabled = canEdit && onBoard && board?.event["rideSharing"]?.boolValue == true
        proposeButton.isVisible = canEdit
        defaultPickupAction?.isEnabled = organization != nil
        boardPane.eventPickupButton.isSensitive = board != nil && !busy
        boardPane.assignButton.isVisible = canEdit
        boardPane.unassignButton.isVisible = canEdit
        boardPane.reviewButton.isVisible = canEdit
        boardPane.reviewButton.isSensitive = canEdit && onBoard && board?.event["rideSharing"]?.boolValue == true
        boardPane.assignButton.isSensitive = onBoard && boardPane.chosenWaiting != nil && boardPane.chosenDriver != nil
        boardPane.unassignButton.isSensitive = onBoard && boardPane.chosenPair != nil
        proposalPane.acceptButton.isVisible = canEdit
    }

    // MARK: loading

    /// "Thursday Large Group, Thu 3 Dec 19:30".
    private func rowTitle(_ event: RideEvent, zone: TimeZone) -> String {
        guard let start = event.start else { return event.title }
        return tr("{event}, {date}", ["event": event.title, "date": DatePatternText.format(start, "EEE d MMM HH:mm", zone: zone)])
    }

    /// Two lines, the date under the title, so the list stays narrow; heard as one.
    private func eventRow(_ event: RideEvent, zone: TimeZone) -> ListBoxRow {
        let title = Label(event.title)
        title.xalign = 0
        title.ellipsizesAtEnd = true
        let date = Label(event.start.map { DatePatternText.format($0, "EEE d MMM HH:mm", zone: zone) } ?? "")
        date.xalign = 0
        date.addCSSClass("dim-label")
        date.addCSSClass("caption")
        let box = Box.vertical(spacing: 2)
        box.append(title)
        box.append(date)
        box.setMargins(top: 4, bottom: 4, start: 4, end: 4)
        let row = ListBoxRow(child: box)
        row.tag = event.id.uuidString
        row.setAccessibleLabel(rowTitle(event, zone: zone))
        return row
    }

    private func loadEvents() {
        loadRequest += 1
        let request = loadRequest
        guard let org = organization else { return }
        Task {
            do {
                await LoadGate.wait()
                let found = try await service.events(in: org)
                guard request == loadRequest else { return }
                events = found
                eventList.removeAll()
                for event in found { eventList.append(eventRow(event, zone: org.timeZone)) }
                // Keep the event shown; else the first with people on its board, else the first.
                if let shown = chosen, found.contains(where: { $0.id == shown.id }) {
                    eventList.selectRow(tagged: shown.id.uuidString)
                    loadBoard()
                } else if let first = try await firstWithRides(found, org: org) ?? found.first {
                    // An event chosen while the boards were looked through stays chosen.
                    guard request == loadRequest else { return }
                    eventList.selectRow(tagged: first.id.uuidString)
                } else {
                    loading.finish(showing: "empty")
                }
            } catch {
                if loading.isShown { loading.finish(showing: "empty") }
                toasts.showToast(tr("Could not read the rides: {error}", ["error": "\(error)"]))
            }
        }
    }

    private func firstWithRides(_ events: [RideEvent], org: Organization) async throws -> RideEvent? {
        for event in events.prefix(8) {
            let board = try await service.board(event: event.id, occurrence: event.occurrence, in: org)
            if !board.offers.isEmpty || !board.requests.isEmpty { return event }
        }
        return nil
    }

    private func choose(_ event: RideEvent) {
        guard chosen?.id != event.id || board == nil else { return }
        chosen = event
        chosenDate = event.occurrence
        proposal = nil
        boardPane.clearSearch()
        loadDates(of: event)
        loadBoard()
    }

    /// The dates of a repeating event to choose from, the one shown selected; hidden for an
    /// event that happens once.
    private func loadDates(of event: RideEvent) {
        guard let org = organization else { return }
        dates = []
        dateChoice.isVisible = false
        guard event.occurrence != nil else { return }
        Task {
            do {
                let found = try await service.dates(of: event.id, in: org)
                guard chosen?.id == event.id else { return }
                dates = found
                fillingDates = true
                dateChoice.setStrings(found.map { Self.dateText($0, zone: org.timeZone) })
                dateChoice.selectedIndex = found.firstIndex { $0.occurrence == chosenDate } ?? 0
                fillingDates = false
                dateChoice.isVisible = !found.isEmpty
            } catch {
                toasts.showToast(tr("Could not read the rides: {error}", ["error": "\(error)"]))
            }
        }
    }

    static func dateText(_ occurrence: EventOccurrence, zone: TimeZone) -> String {
        guard let start = occurrence.timing.sortStart(orgZone: zone) else { return occurrence.occurrence }
        return DatePatternText.format(start, occurrence.timing.kind == .allDay ? "EEE d MMM" : "EEE d MMM HH:mm", zone: zone)
    }

    /// The board's heading: the event and, for a repeating one, the date shown.
    private func boardTitle(_ event: RideEvent, _ board: RideBoard, zone: TimeZone) -> String {
        guard let occurrence = board.occurrence else { return rowTitle(event, zone: zone) }
        return tr("{event}, {date}", ["event": event.title, "date": Self.dateText(occurrence, zone: zone)])
    }

    private func loadBoard() {
        guard let org = organization, let event = chosen else { return }
        loadRequest += 1
        let request = loadRequest
        let date = chosenDate
        // Another event's or date's board is not left on screen while this one is read.
        if proposal == nil, boardShownFor.map({ $0.event != event.id || $0.date != date }) ?? true {
            loading.show()
        }
        Task {
            do {
                await LoadGate.wait()
                let read = try await service.board(event: event.id, occurrence: date, in: org)
                guard request == loadRequest, chosen?.id == event.id, chosenDate == date else { return }
                showBoard(read, of: event, date: date, zone: org.timeZone)
            } catch {
                if loading.isShown { loading.finish(showing: board == nil ? "empty" : "board") }
                toasts.showToast(tr("Could not read the rides: {error}", ["error": "\(error)"]))
            }
        }
    }

    private func showBoard(_ read: RideBoard, of event: RideEvent, date: String?, zone: TimeZone) {
        board = read
        boardShownFor = (event.id, date)
        boardPane.show(read, title: boardTitle(event, read, zone: zone), zone: zone)
        if proposal == nil || loading.isShown { loading.finish(showing: proposal == nil ? "board" : "proposal") }
        hideProposalPageUnlessProposed()
        updateButtons()
    }

    /// The proposal page is hidden while there is no proposal, not only left behind the board:
    /// GTK 4.8 keeps a stack's page not shown in the accessibility tree, where a screen reader
    /// would still find the proposal that was accepted or discarded.
    private func hideProposalPageUnlessProposed() {
        stack.child(named: "proposal")?.isVisible = proposal != nil
    }

    // MARK: changes

    /// Runs a change with the spinner over the board (the board before it is not shown as if
    /// it were still so), then shows the board the change wrote, or reads it again; a refusal
    /// is shown as the rule says it, over the board as it stands.
    private func change(_ work: @escaping @MainActor () async throws -> (message: String, board: RideBoard?)) {
        guard !busy else { return }
        busy = true
        updateButtons()
        loading.show()
        let event = chosen, date = chosenDate
        Task {
            defer {
                busy = false
                updateButtons()
            }
            do {
                let (message, written) = try await work()
                toasts.showToast(message)
                onLocalChange?()
                if let written, let event, let org = organization, chosen?.id == event.id {
                    // What was just written, at once; a read begun before it must not replace it.
                    loadRequest += 1
                    showBoard(written, of: event, date: date, zone: org.timeZone)
                } else {
                    loadBoard()
                }
            } catch {
                // Refused (the plan changed since, a full car): the board as it stands now.
                loading.finish(showing: "board")
                toasts.showToast(Self.sentence("\(error)"))
                loadBoard()
            }
        }
    }

    /// A refusal as a toast: first letter capitalised.
    private static func sentence(_ text: String) -> String {
        text.prefix(1).uppercased() + text.dropFirst()
    }

    private func propose() {
        guard let org = organization, let event = chosen, canEdit else { return }
        let date = chosenDate
        busy = true
        updateButtons()
        Task {
            defer {
                busy = false
                updateButtons()
            }
            do {
                let (read, diff) = try await service.propose(event: event.id, occurrence: date, in: org)
                guard chosen?.id == event.id else { return }
                board = read
                proposal = (diff, read.plan)
                proposalPane.show(diff, board: read, title: boardTitle(event, read, zone: org.timeZone))
                hideProposalPageUnlessProposed()
                stack.visibleChildName = "proposal"
            } catch {
                toasts.showToast(Self.sentence("\(error)"))
            }
        }
    }

    private func accept() {
        guard let org = organization, let event = chosen, let shown = proposal, canEdit else { return }
        let (diff, basis) = shown
        let date = chosenDate
        proposal = nil
        change { [service] in
            let written = try await service.accept(diff, basis: basis, event: event.id, occurrence: date, in: org)
            return (tr("Plan accepted: {summary}. The riders it changes are notified with the next sync.", ["summary": diff.summary]),
                    written)
        }
    }

    // MARK: default pickups

    /// The organization's ride settings (its default pickup and time gap) in the kit's editor;
    /// once saved, the board is read again, its waiting riders matched through the new default.
    private func editDefaultPickup() {
        guard pickupEditor == nil, let org = organization else { return }
        Task {
            let existing = try? await records.list(.rideSettings, in: org).first
            openPickupEditor(.rideSettings, record: existing, filled: nil, org: org)
        }
    }

    /// The chosen event's own pickup, or a new one filled with the event and the
    /// organization's default to change from.
    private func editEventPickup() {
        guard pickupEditor == nil, let org = organization, let event = chosen else { return }
        let key = event.id.uuidString.lowercased()
        Task {
            let existing = try? await records.list(.rideEventPickup, in: org).first { $0["event"]?.stringValue == key }
            var filled: [String: JSONValue] = ["event": .string(key)]
            if existing == nil, case .object(let settings)? = try? await records.list(.rideSettings, in: org).first?.fields {
                for (name, value) in settings { filled[name] = value }
            }
            openPickupEditor(.rideEventPickup, record: existing, filled: existing == nil ? .object(filled) : nil, org: org)
        }
    }

    private func openPickupEditor(_ type: RecordType, record: LocalRecord?, filled: JSONValue?, org: Organization) {
        guard pickupEditor == nil else { return }
        Task {
            var titles: [String: [UUID: String]] = [:]
            for (_, entity) in type.references { titles[entity] = (try? await records.titles(of: entity, in: org)) ?? [:] }
            guard pickupEditor == nil else { return }
            let editor = RecordEditor(parent: window, type: type, organization: org, record: record, filledWith: filled,
                                      context: FormContext(zone: org.timeZone, titles: titles), canEdit: canEdit) { [weak self] fields in
                guard let self else { return }
                if let record {
                    _ = try await self.records.replace(type, id: record.id, fields: fields, in: org)
                } else {
                    _ = try await self.records.create(type, fields: fields, in: org)
                }
                self.onLocalChange?()
                self.loadBoard()
            }
            editor.onClosed = { [weak self] in self?.pickupEditor = nil }
            pickupEditor = editor
            editor.present()
        }
    }

    private func discard() {
        proposal = nil
        stack.visibleChildName = "board"
        hideProposalPageUnlessProposed()
        updateButtons()
    }

    private func assignChosen() {
        guard let org = organization, let event = chosen, let seat = boardPane.chosenWaiting, let offer = boardPane.chosenDriver,
              let board else { return }
        let passenger = board.name(of: seat.request), driver = board.name(of: offer)
        let date = chosenDate
        change { [service] in
            try await service.assign(request: seat.request.key, offer: offer.key, leg: seat.leg, event: event.id, occurrence: date, in: org)
            return (tr("{passenger} rides with {driver} {leg}.", ["passenger": passenger, "driver": driver, "leg": seat.leg.text]), nil)
        }
    }

    private func unassignChosen() {
        guard let org = organization, let event = chosen, let pair = boardPane.chosenPair, let board else { return }
        let passenger = board.name(of: pair.passenger), driver = board.name(of: pair.driver)
        let date = chosenDate
        change { [service] in
            try await service.unassign(request: pair.passenger.description, leg: pair.leg, event: event.id, occurrence: date, in: org)
            return (tr("{passenger} no longer rides with {driver} {leg}; they wait again.",
                       ["passenger": passenger, "driver": driver, "leg": pair.leg.text]), nil)
        }
    }
}
