import Foundation
import Translation

/// A default pickup: where riders meet when their offer or request names no pickup of its own,
/// and how long before the event's start they should be there.
public struct RideDefaultPickup: Hashable, Sendable {
    public enum Source: String, Sendable {
        /// The event's own (`rideEventPickup`).
        case event
        /// The organization's (`rideSettings`).
        case organization
    }

    public var place: String
    public var point: RidePoint
    public var gapMinutes: Int
    public var source: Source

    public init(place: String, point: RidePoint, gapMinutes: Int, source: Source) {
        self.place = place
        self.point = point
        self.gapMinutes = gapMinutes
        self.source = source
    }

    /// A `rideSettings` or `rideEventPickup` record's fields; nil when they name no point.
    public init?(fields: JSONValue?, source: Source) {
        guard let fields, let point = RideRecordFields.point(fields) else { return nil }
        self.init(place: fields["pickupPlace"]?.stringValue ?? "", point: point,
                  gapMinutes: Int(fields["gapMinutes"]?.int64Value ?? RideRules.defaultPickupGapMinutes), source: source)
    }

    /// "PAC, 15 minutes before the start (this event's)".
    public var text: String {
        let gap = trn("{count} minute before the start", "{count} minutes before the start", gapMinutes)
        switch source {
        case .event: return tr("{place}, {gap} (this event's)", ["place": place, "gap": gap])
        case .organization: return tr("{place}, {gap} (the organization's)", ["place": place, "gap": gap])
        }
    }
}

/// What an offer or request that leaves something out is taken to say, for one event (or one
/// date of a series): no pickup of its own, the event's default pickup, else the
/// organization's; no departure, the event's start less the default's gap (the start itself
/// when there is no default); no return, the event's end. Only a timed event gives times. The solver, the seat rule, the board
/// and the members' reads all see rides through this, so they agree on who may ride with whom.
public struct RideDefaults: Hashable, Sendable {
    public var pickup: RideDefaultPickup?
    public var eventStart: Date?
    public var eventEnd: Date?

    public init(pickup: RideDefaultPickup? = nil, eventStart: Date? = nil, eventEnd: Date? = nil) {
        self.pickup = pickup
        self.eventStart = eventStart
        self.eventEnd = eventEnd
    }

    /// The defaults of `event` (its sync fields) on the date `occurrence` names (its original
    /// start; nil: the event that happens once, or a series' next date after `now`), from its
    /// own pickup and the organization's settings.
    public init(event: JSONValue?, eventId: String, occurrence: String?, eventPickup: JSONValue?, settings: JSONValue?,
                zone: TimeZone, now: Date = Date()) {
        let pickup = RideDefaultPickup(fields: eventPickup, source: .event) ?? RideDefaultPickup(fields: settings, source: .organization)
        var start: Date?, end: Date?
        if let event, let details = try? EventDetails(syncFields: event) {
            var timing = details.timing
            if let occurrence, let chosen = try? details.checkedOccurrence(occurrence, zone: zone) {
                timing = chosen.timing
            } else if occurrence == nil, let id = UUID(uuidString: eventId),
                      let next = RideOccurrences.next(of: details, id: id, after: now, zone: zone) {
                timing = next.timing
            }
            // Only a timed event says when riders leave: an all-day one's day starts at a
            // midnight that depends on a zone, and rides to it give their own times.
            if case .timed(let from, let to, _) = timing {
                start = from
                end = to
            }
        }
        self.init(pickup: pickup, eventStart: start, eventEnd: end)
    }

    /// When a ride that gives no departure leaves: the start less the gap.
    public var departAt: Date? {
        eventStart.map { $0.addingTimeInterval(-Double(pickup?.gapMinutes ?? 0) * 60) }
    }

    /// Whether an offer's or request's fields name a pickup of their own.
    public static func hasOwnPickup(_ fields: JSONValue) -> Bool {
        RideRecordFields.point(fields) != nil
    }

    /// The pickup point a ride's fields mean: their own, else the default.
    public func point(_ fields: JSONValue) -> RidePoint? {
        RideRecordFields.point(fields) ?? pickup?.point
    }

    /// The pickup place's name a ride's fields mean.
    public func place(_ fields: JSONValue) -> String {
        if Self.hasOwnPickup(fields) { return fields["pickupPlace"]?.stringValue ?? "" }
        return pickup?.place ?? ""
    }

    /// The time a ride's fields mean on `leg`: their own, else the default.
    public func time(_ fields: JSONValue, on leg: RideLeg) -> Date? {
        let own = (leg == .to ? fields["departAt"] : fields["returnAt"])?.stringValue.flatMap(DateTimeText.parseUTC)
        return own ?? (leg == .to ? departAt : eventEnd)
    }

    /// An offer's fields as the solver's driver; nil when no pickup is known or no direction.
    public func driver(id: String, _ offer: JSONValue) -> RideDriver? {
        guard let point = point(offer),
              let direction = offer["direction"]?.stringValue.flatMap(RideDirection.init(rawValue:)) else { return nil }
        return RideDriver(id: RideID(id), seats: Int(offer["seats"]?.int64Value ?? 0), direction: direction, pickup: point,
                          radiusKm: offer["radiusKm"]?.doubleValue ?? 0, departAt: time(offer, on: .to), returnAt: time(offer, on: .from),
                          gender: RideBoard.gender(offer["gender"]), passengerGender: RideBoard.gender(offer["passengerGender"]))
    }

    /// A request's fields as the solver's passenger; nil when no pickup is known or no direction.
    public func passenger(id: String, _ request: JSONValue) -> RidePassenger? {
        guard let point = point(request),
              let direction = request["direction"]?.stringValue.flatMap(RideDirection.init(rawValue:)) else { return nil }
        return RidePassenger(id: RideID(id), direction: direction, pickup: point, departAt: time(request, on: .to),
                             returnAt: time(request, on: .from), gender: RideBoard.gender(request["gender"]),
                             driverGender: RideBoard.gender(request["driverGender"]))
    }

    /// The defaults for a ride record's event, read through `lookup`: its event, the event's
    /// pickup and the organization's settings (the one with the lowest id, should two consoles
    /// ever have made one each).
    public static func read(for fields: JSONValue, lookup: any RecordLookup, now: Date = Date()) throws -> RideDefaults {
        guard let eventId = fields["event"]?.stringValue else { return RideDefaults() }
        let event = try lookup.live(SyncEntity.event, id: eventId)
        // The zone only places all-day dates, which give no default time.
        let zone = TimeZone.gmt
        let own = try lookup.live(RecordType.rideEventPickup.entity, where: "event", is: eventId).min { $0.id < $1.id }
        let settings = try lookup.every(RecordType.rideSettings.entity).min { $0.id < $1.id }
        return RideDefaults(event: event, eventId: eventId, occurrence: RideOccurrences.named(fields), eventPickup: own?.fields,
                            settings: settings?.fields, zone: zone, now: now)
    }
}
