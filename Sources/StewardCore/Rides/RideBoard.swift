import Foundation
import Translation
import GRDB

/// One event's rides as stored: its live offers and requests (cancelled ones apart) and its
/// plan. What the board shows and what the solver is given.
public struct RideBoard: Sendable {
    public var event: LocalRecord
    public var offers: [LocalRecord]
    public var requests: [LocalRecord]
    public var cancelledOffers: [LocalRecord]
    public var cancelledRequests: [LocalRecord]
    public var assignments: [LocalRecord]
    /// Pairs whose driver cancelled and whose assignment is gone (a cancellation from the app
    /// removes them at once), with the passenger still waiting on that leg: who is back on the
    /// list, for staff to seat again with the smallest change.
    public var released: [RidePair] = []
    /// Members' display names by id, for the board's lines.
    public var memberNames: [String: String] = [:]
    /// For a repeating event, the date whose rides these are (`RideOccurrences`); nil for an
    /// event that happens once.
    public var occurrence: EventOccurrence?
    /// What a ride that names no pickup or time of its own is taken to say on this board: the
    /// event's default pickup, else the organization's, and the times from its start and end.
    public var defaults = RideDefaults()

    /// The board of `eventId`; for a series, of the date named `chosen` (its original local
    /// start), or of its next date when none is chosen. A date is refused for an event that
    /// happens once and when the series has no such date.
    static func load(eventId: UUID, occurrence chosen: String? = nil, org: Organization, _ db: Database,
                     now: Date = Date()) throws -> RideBoard {
        guard let event = try RecordType.event.storage.fetch(entity: RecordType.event.entity, id: UUIDColumn.encode(eventId), db),
              event.orgId == org.id, !event.deleted
        else { throw RideBoardError.noEvent(eventId) }
        let key = UUIDColumn.encode(eventId)
        let details = try? EventDetails(syncFields: event.fields)
        let next = details.flatMap { RideOccurrences.next(of: $0, id: eventId, after: now, zone: org.timeZone) }
        var occurrence = next
        if let chosen {
            guard let details else { throw RideBoardError.notADate(chosen, "") }
            do {
                occurrence = try details.checkedOccurrence(chosen, zone: org.timeZone)
            } catch {
                throw RideBoardError.notADate(chosen, error.issues.first?.message ?? error.description)
            }
        }
        let isNext = occurrence?.occurrence == next?.occurrence
        func forEvent(_ type: RecordType) throws -> [LocalRecord] {
            try RecordService.live(type, org: org, db)
                .filter { $0["event"]?.stringValue == key && RideOccurrences.belongs($0.fields, to: occurrence?.occurrence, isNext: isNext) }
                .sorted { ($0["departAt"]?.stringValue ?? "", $0.key) < ($1["departAt"]?.stringValue ?? "", $1.key) }
        }
        let offers = try forEvent(.rideOffer)
        let requests = try forEvent(.rideRequest)
        let cancelled: (LocalRecord) -> Bool = { $0["cancelled"]?.boolValue == true }
        let names = try RecordService.live(.member, org: org, db).map { ($0.key, RecordType.member.title(of: $0.fields)) }
        var board = RideBoard(event: event, offers: offers.filter { !cancelled($0) }, requests: requests.filter { !cancelled($0) },
                              cancelledOffers: offers.filter(cancelled), cancelledRequests: requests.filter(cancelled),
                              assignments: try forEvent(.rideAssignment),
                              memberNames: Dictionary(names, uniquingKeysWith: { first, _ in first }), occurrence: occurrence)
        // A pulled tombstone keeps the fields the console last had, so it still names its pair.
        let removed = try RecordType.rideAssignment.storage.all(entity: RecordType.rideAssignment.entity, orgId: org.id, db)
            .filter { $0.deleted && $0["event"]?.stringValue == key
                && RideOccurrences.belongs($0.fields, to: occurrence?.occurrence, isNext: false) }
        let eventPickup = try RecordService.live(.rideEventPickup, org: org, db).filter { $0["event"]?.stringValue == key }
            .min { $0.key < $1.key }
        let settings = try RecordService.live(.rideSettings, org: org, db).min { $0.key < $1.key }
        board.defaults = RideDefaults(event: event.fields, eventId: key, occurrence: occurrence?.occurrence,
                                      eventPickup: eventPickup?.fields, settings: settings?.fields, zone: org.timeZone, now: now)
        board.released = board.releasedPairs(removed.compactMap(Self.pair))
        return board
    }

    /// Of the removed pairs, those whose driver cancelled and whose passenger still waits on that leg.
    func releasedPairs(_ removed: [RidePair]) -> [RidePair] {
        let cancelledDrivers = Set(cancelledOffers.map(\.key))
        let waitingSeats = Set(waiting.map { "\($0.request.key) \($0.leg.rawValue)" })
        var seen = Set<String>()
        return removed.filter { pair in
            let seat = "\(pair.passenger.description) \(pair.leg.rawValue)"
            return cancelledDrivers.contains(pair.driver.description) && waitingSeats.contains(seat) && seen.insert(seat).inserted
        }.sorted { ($0.leg, name(of: $0.passenger)) < ($1.leg, name(of: $1.passenger)) }
    }

    /// Who an offer or request is: the member's name, or the guest's.
    public func name(of record: LocalRecord) -> String {
        if let member = record["member"]?.stringValue, let name = memberNames[member] { return name }
        if let guest = record["guestName"]?.stringValue, !guest.isEmpty { return guest }
        return record.key
    }

    /// The name behind a solver id (a record id) on this board.
    public func name(of id: RideID) -> String {
        let key = id.description
        if let record = offers.first(where: { $0.key == key }) ?? requests.first(where: { $0.key == key })
            ?? cancelledOffers.first(where: { $0.key == key }) ?? cancelledRequests.first(where: { $0.key == key }) {
            return name(of: record)
        }
        return key
    }

    /// The plan in force: each assignment as a pair of the solver's ids (record ids).
    public var plan: [RidePair] {
        assignments.compactMap(Self.pair)
    }

    static func pair(_ assignment: LocalRecord) -> RidePair? {
        guard let offer = assignment["offer"]?.stringValue, let request = assignment["request"]?.stringValue,
              let leg = assignment["leg"]?.stringValue.flatMap(RideLeg.init(rawValue:)) else { return nil }
        return RidePair(passenger: RideID(request), driver: RideID(offer), leg: leg)
    }

    /// The solver's instance: open offers and requests, the plan in force as `current`.
    public var instance: RideInstance {
        let location: RidePoint? = {
            guard let lat = event["latitude"]?.decimalValue,
                  let lon = event["longitude"]?.decimalValue else { return nil }
            return RidePoint(lat: lat, lon: lon)
        }()
        return RideInstance(eventId: RideID(event.key), eventLocation: location, maxTimeGapMinutes: RideRules.maxTimeGapMinutes,
                            drivers: offers.compactMap(driver), passengers: requests.compactMap(passenger), current: plan)
    }

    static func time(_ value: JSONValue?) -> Date? {
        value?.stringValue.flatMap(DateTimeText.parseUTC)
    }

    static func gender(_ value: JSONValue?) -> RideGender? {
        value?.stringValue.flatMap(RideGender.init(rawValue:))
    }

    /// An offer as the solver's driver, its pickup and times filled from the defaults; nil when
    /// no pickup is known (its own or a default) or it names no direction.
    public func driver(_ offer: LocalRecord) -> RideDriver? {
        defaults.driver(id: offer.key, offer.fields)
    }

    /// A request as the solver's passenger, its pickup and times filled from the defaults.
    public func passenger(_ request: LocalRecord) -> RidePassenger? {
        defaults.passenger(id: request.key, request.fields)
    }

    /// Where an offer or request is picked up: its own place, else the default pickup's.
    public func pickupPlace(of record: LocalRecord) -> String {
        defaults.place(record.fields)
    }

    /// Seats an offer has left on a leg under the plan in force.
    public func seatsLeft(offer: LocalRecord, on leg: RideLeg) -> Int {
        let taken = plan.filter { $0.driver.description == offer.key && $0.leg == leg }.count
        return Int(offer["seats"]?.int64Value ?? 0) - taken
    }
}

/// A proposal against the plan in force: who is newly seated, who moves to another driver, who
/// loses a seat (a cancellation can leave no room), and the answer it comes from.
public struct RidePlanDiff: Sendable, Hashable {
    public struct Move: Sendable, Hashable {
        public var from: RidePair
        public var to: RidePair
    }

    public var answer: RideAnswer
    public var newlySeated: [RidePair]
    public var moved: [Move]
    public var unseated: [RidePair]
    /// Pairs of the plan in force the proposal keeps.
    public var kept: Int

    public var isEmpty: Bool { newlySeated.isEmpty && moved.isEmpty && unseated.isEmpty }

    public init(current: [RidePair], answer: RideAnswer) {
        self.answer = answer
        let proposed = Set(answer.assignments)
        let now = Set(current)
        let currentBySeat = Dictionary(current.map { (PassengerLeg($0), $0) }, uniquingKeysWith: { a, _ in a })
        var newly: [RidePair] = []
        var moves: [Move] = []
        for pair in answer.assignments where !now.contains(pair) {
            if let before = currentBySeat[PassengerLeg(pair)] { moves.append(Move(from: before, to: pair)) } else { newly.append(pair) }
        }
        let proposedSeats = Set(answer.assignments.map(PassengerLeg.init))
        newlySeated = newly
        moved = moves
        unseated = current.filter { !proposed.contains($0) && !proposedSeats.contains(PassengerLeg($0)) }
        kept = current.filter(proposed.contains).count
    }

    struct PassengerLeg: Hashable {
        var passenger: RideID
        var leg: RideLeg
        init(_ pair: RidePair) {
            passenger = pair.passenger
            leg = pair.leg
        }
    }
}

public enum RideBoardError: Error, Equatable, CustomStringConvertible {
    case noEvent(UUID)
    case rideSharingOff(String)
    case noOffer(String)
    case noRequest(String)
    case ruleBroken(RideRule)
    case full(leg: RideLeg)
    case alreadySeated(leg: RideLeg)
    case notSeated(leg: RideLeg)
    case planChanged
    /// A date of a series the board cannot show: the date as given, and why.
    case notADate(String, String)

    public var description: String {
        switch self {
        case .noEvent(let id): tr("no event with id {id}", ["id": UUIDColumn.encode(id)])
        case .rideSharingOff(let title): tr("{title} does not have ride sharing on; turn it on with `stewardctl events update ID --ride-sharing yes`", ["title": title])
        case .noOffer(let id): tr("no open ride offer {id} for this event (see `stewardctl rides list`)", ["id": id])
        case .noRequest(let id): tr("no open ride request {id} for this event (see `stewardctl rides list`)", ["id": id])
        case .ruleBroken(let rule): tr("refused: {rule}", ["rule": rule.text])
        case .full(let leg): tr("refused: the driver has no seat left {leg}", ["leg": leg.text])
        case .alreadySeated(let leg): tr("refused: the passenger already has a driver {leg}; unassign them first", ["leg": leg.text])
        case .notSeated(let leg): tr("the passenger has no driver {leg}", ["leg": leg.text])
        case .planChanged: tr("the plan changed since this proposal was made; make a new one")
        case .notADate(let date, let problem):
            problem.isEmpty ? tr("{date} is not a date of this event", ["date": date])
                            : tr("occurrence {date}: {problem}", ["date": date, "problem": problem])
        }
    }
}
