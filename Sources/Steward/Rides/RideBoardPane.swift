import Foundation
import GtkKit
import StewardCore
import Translation

/// One event's board on the Rides page: its drivers with the seats left on each leg, the
/// passengers waiting (with why), and the plan in force, narrowed by a search on names.
/// Assign seats the chosen waiting passenger with the chosen driver; Unassign takes the chosen
/// plan line's passenger out of the car. The page does the writing (`RidePlanService`).
@MainActor
final class RideBoardPane {
    /// A waiting passenger on one leg, or a pair in force.
    struct Seat {
        var request: LocalRecord
        var leg: RideLeg
        var key: String { "\(request.key) \(leg.rawValue)" }
    }

    let widget: Widget
    let assignButton = Button(label: tr("Assign to Driver"))
    let unassignButton = Button(label: tr("Unassign"))
    /// Shown when a driver's cancellation (from the app, through sync) put passengers back on
    /// the list: opens Assign Everyone's proposal, the smallest change that seats them again.
    let reviewButton = Button(label: tr("Propose Seats for Them"))
    /// Opens the kit's editor on this event's own default pickup (or a new one).
    let eventPickupButton = Button(label: tr("Event Pickup…"))
    /// Where riders who name no pickup meet, and whose default it is.
    private let pickupLine = Label()
    private let notice = Label()
    private let noticeBar = Box.horizontal(spacing: 12)
    private let heading = Label()
    private let figures = Label()
    private let searchEntry = SearchEntry(placeholder: tr("Search drivers and passengers"))
    private let drivers = PassportTable<LocalRecord>(name: tr("Drivers")) { $0.key }
    private let waiting = PassportTable<Seat>(name: tr("Passengers waiting")) { $0.key }
    private let plan = PassportTable<RidePair>(name: tr("Plan")) { "\($0.passenger.description) \($0.leg.rawValue)" }
    private var board: RideBoard?
    private var zone: TimeZone = .gmt
    var onSelectionChanged: (() -> Void)?

    init() {
        heading.addCSSClass("title-3")
        heading.xalign = 0
        // Long titles must not widen the page past the window (the sidebar would fold away).
        heading.ellipsizesAtEnd = true
        figures.addCSSClass("dim-label")
        figures.xalign = 0
        figures.wraps = true
        searchEntry.setAccessibleLabel(tr("Search drivers and passengers"))
        searchEntry.hexpand = true
        assignButton.tooltip = tr("Seat the chosen waiting passenger with the chosen driver, if the rules and the seats allow it")
        unassignButton.tooltip = tr("Take the chosen plan line’s passenger out of the car; they wait again")
        let top = Box.vertical(spacing: 4)
        top.append(heading)
        top.append(figures)
        pickupLine.xalign = 0
        pickupLine.wraps = true
        pickupLine.hexpand = true
        eventPickupButton.tooltip = tr("Give this event a default pickup and time of its own, in place of the organization's")
        let pickupBar = Box.horizontal(spacing: 12)
        pickupBar.append(pickupLine)
        pickupBar.append(eventPickupButton)
        top.append(pickupBar)
        notice.xalign = 0
        notice.wraps = true
        notice.hexpand = true
        reviewButton.tooltip = tr("Show the proposal that seats the passengers again while moving as few others as possible")
        noticeBar.addCSSClass("ride-cancellation-notice")
        noticeBar.append(notice)
        noticeBar.append(reviewButton)
        noticeBar.isVisible = false
        top.append(noticeBar)
        let toolbar = Box.horizontal(spacing: 8)
        for child in [searchEntry as Widget, assignButton, unassignButton] { toolbar.append(child) }
        let tables = Box.horizontal(spacing: 12)
        tables.setProperty("homogeneous", true)
        tables.append(Self.titled(tr("Drivers"), drivers.scroller))
        tables.append(Self.titled(tr("Waiting"), waiting.scroller))
        let box = Box.vertical(spacing: 8)
        box.setMargins(top: 12, bottom: 12, start: 12, end: 12)
        box.append(top)
        box.append(toolbar)
        box.append(tables)
        box.append(Self.titled(tr("Plan"), plan.scroller))
        widget = box
        drivers.addColumns([
            .init(tr("Driver"), expand: true) { [weak self] offer in self?.board?.name(of: offer) ?? "" },
            .init(trc("ride leg", "To"), width: 58) { [weak self] offer in self?.seatsText(offer, .to) ?? "" },
            .init(trc("ride leg", "Back"), width: 58) { [weak self] offer in self?.seatsText(offer, .from) ?? "" },
        ])
        waiting.addColumns([
            .init(tr("Passenger"), expand: true) { [weak self] seat in self?.board?.name(of: seat.request) ?? "" },
            .init(tr("Leg"), width: 52) { seat in Self.legText(seat.leg) },
            .init(tr("Why waiting"), width: 170) { [weak self] seat in self?.board?.whyWaiting(seat.request, on: seat.leg) ?? "" },
        ])
        plan.addColumns([
            .init(tr("Passenger"), expand: true) { [weak self] pair in self?.board?.name(of: pair.passenger) ?? "" },
            .init(tr("Leg"), width: 52) { pair in Self.legText(pair.leg) },
            .init(tr("Driver"), expand: true) { [weak self] pair in self?.board?.name(of: pair.driver) ?? "" },
            .init(tr("Pickup"), expand: true) { [weak self] pair in self?.pickup(of: pair) ?? "" },
            .init(tr("Leaves"), width: 110) { [weak self] pair in
                self?.board?.time(of: pair).map { DatePatternText.format($0, "EEE HH:mm", zone: self?.zone ?? .gmt) } ?? "" },
            .init(tr("Note"), expand: true) { [weak self] pair in self?.noteText(pair) ?? "" },
        ])
        drivers.onSelectionChanged = { [weak self] in self?.onSelectionChanged?() }
        waiting.onSelectionChanged = { [weak self] in self?.onSelectionChanged?() }
        plan.onSelectionChanged = { [weak self] in self?.onSelectionChanged?() }
        searchEntry.onSearchChanged { [weak self] in self?.applySearch() }
        searchEntry.onStopSearch { [weak self] in self?.searchEntry.text = "" }
    }

    private static func titled(_ title: String, _ table: Widget) -> Widget {
        let label = Label(title)
        label.addCSSClass("heading")
        label.xalign = 0
        let box = Box.vertical(spacing: 4)
        box.append(label)
        box.append(table)
        box.vexpand = true
        return box
    }

    /// "to", "back": short, the column is narrow.
    /// The leg in a row, in the words of the drivers' columns ("To" and "Back": the ride to the
    /// event and home from it), with a context so they are not taken for "until" or "go back".
    static func legText(_ leg: RideLeg) -> String {
        leg == .to ? trc("ride leg", "to") : trc("ride leg", "back")
    }

    /// "2 of 4 left", or a dash when the driver does not drive that way.
    private func seatsText(_ offer: LocalRecord, _ leg: RideLeg) -> String {
        guard let board, RideBoard.legs(of: offer).contains(leg) else { return "—" }
        return tr("{left} of {seats}", ["left": String(board.seatsLeft(offer: offer, on: leg)),
                                        "seats": String(offer["seats"]?.int64Value ?? 0)])
    }

    /// Where the driver picks the passenger up: the driver's place, else the default pickup.
    private func pickup(of pair: RidePair) -> String {
        guard let board, let offer = (board.offers + board.cancelledOffers).first(where: { $0.key == pair.driver.description })
        else { return "" }
        return board.pickupPlace(of: offer)
    }

    /// A pair whose driver or passenger cancelled since stays in the plan until the next one.
    private func noteText(_ pair: RidePair) -> String {
        guard let cancelled = board?.cancelled(pair) else { return "" }
        if cancelled.driver { return tr("the driver cancelled") }
        if cancelled.passenger { return tr("the passenger cancelled") }
        return ""
    }

    func show(_ board: RideBoard, title: String, zone: TimeZone) {
        self.board = board
        self.zone = zone
        heading.text = title
        figures.text = Self.figures(board)
        pickupLine.text = Self.pickupText(board)
        noticeBar.isVisible = !board.released.isEmpty
        notice.text = Self.noticeText(board)
        applySearch()
    }

    /// "34 drivers, 120 seats left to the event and 98 back; 60 passenger-legs waiting; 2 cancelled".
    static func figures(_ board: RideBoard) -> String {
        let left = { (leg: RideLeg) in
            board.offers.filter { RideBoard.legs(of: $0).contains(leg) }.reduce(0) { $0 + max(0, board.seatsLeft(offer: $1, on: leg)) }
        }
        let cancelled = board.cancelledOffers.count + board.cancelledRequests.count
        var text = tr("{drivers}, {to} left to the event and {back} back; {waiting} waiting, {seated} seated",
                      ["drivers": trn("{count} driver", "{count} drivers", board.offers.count),
                       "to": trn("{count} seat", "{count} seats", left(.to)), "back": String(left(.from)),
                       "waiting": trn("{count} passenger-leg", "{count} passenger-legs", board.waiting.count),
                       "seated": String(board.plan.count)])
        if cancelled > 0 {
            text += " · " + trn("{count} cancellation since the plan", "{count} cancellations since the plan", cancelled)
        }
        return text
    }

    /// "Default pickup: PAC, 15 minutes before the start (the organization's)".
    static func pickupText(_ board: RideBoard) -> String {
        guard let pickup = board.defaults.pickup else {
            return tr("No default pickup: riders who name no pickup wait until one is set (Default Pickup).")
        }
        return tr("Default pickup: {pickup}", ["pickup": pickup.text])
    }

    /// "Ana Ruiz and Ben Ortiz are back on the list: their driver cancelled."
    static func noticeText(_ board: RideBoard) -> String {
        let names = Array(Set(board.released.map { board.name(of: $0.passenger) })).sorted()
        guard !names.isEmpty else { return "" }
        let shown = names.prefix(3).joined(separator: ", ")
        let who = names.count > 3 ? tr("{names} and {count} more", ["names": shown, "count": String(names.count - 3)]) : shown
        return trn("{who} is back on the list: their driver cancelled.", "{who} are back on the list: their driver cancelled.",
                   names.count, ["who": who])
    }

    /// Rows where a name (or the pickup place) holds what was typed, as typed.
    private func applySearch() {
        guard let board else { return }
        let query = searchEntry.text.trimmingCharacters(in: .whitespaces).lowercased()
        let matches = { (texts: [String]) in query.isEmpty || texts.contains { $0.lowercased().contains(query) } }
        drivers.show((board.offers + board.cancelledOffers).sorted { board.name(of: $0) < board.name(of: $1) }
            .filter { matches([board.name(of: $0), board.pickupPlace(of: $0)]) })
        waiting.show(board.waiting.map { Seat(request: $0.request, leg: $0.leg) }
            .sorted { (board.name(of: $0.request), $0.leg) < (board.name(of: $1.request), $1.leg) }
            .filter { matches([board.name(of: $0.request), board.pickupPlace(of: $0.request)]) })
        plan.show(board.plan.sorted { (board.name(of: $0.passenger), $0.leg) < (board.name(of: $1.passenger), $1.leg) }
            .filter { matches([board.name(of: $0.passenger), board.name(of: $0.driver)]) })
    }

    /// Another event: its board starts whole.
    func clearSearch() {
        searchEntry.text = ""
    }

    var chosenWaiting: Seat? { waiting.selectedRows.first }
    var chosenDriver: LocalRecord? { drivers.selectedRows.first }
    var chosenPair: RidePair? { plan.selectedRows.first }
}
