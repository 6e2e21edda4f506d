import Foundation

/// A driver's offer as the solver sees it: seats per leg, where they pick up and how far they
/// will go for it, when they leave for the event and back, and whom they will take.
public struct RideDriver: Hashable, Sendable {
    public var id: RideID
    public var seats: Int
    public var direction: RideDirection
    public var pickup: RidePoint
    public var radiusKm: Double
    public var departAt: Date?
    public var returnAt: Date?
    public var gender: RideGender?
    /// Only passengers of this gender, when set.
    public var passengerGender: RideGender?

    public init(id: RideID, seats: Int, direction: RideDirection, pickup: RidePoint, radiusKm: Double,
                departAt: Date? = nil, returnAt: Date? = nil, gender: RideGender? = nil, passengerGender: RideGender? = nil) {
        self.id = id
        self.seats = seats
        self.direction = direction
        self.pickup = pickup
        self.radiusKm = radiusKm
        self.departAt = departAt
        self.returnAt = returnAt
        self.gender = gender
        self.passengerGender = passengerGender
    }

    /// The time this driver compares on `leg`: departure to the event, return from it.
    public func time(on leg: RideLeg) -> Date? {
        leg == .to ? departAt : returnAt
    }
}

/// A passenger's request as the solver sees it.
public struct RidePassenger: Hashable, Sendable {
    public var id: RideID
    public var direction: RideDirection
    public var pickup: RidePoint
    public var departAt: Date?
    public var returnAt: Date?
    public var gender: RideGender?
    /// Only drivers of this gender, when set.
    public var driverGender: RideGender?

    public init(id: RideID, direction: RideDirection, pickup: RidePoint, departAt: Date? = nil, returnAt: Date? = nil,
                gender: RideGender? = nil, driverGender: RideGender? = nil) {
        self.id = id
        self.direction = direction
        self.pickup = pickup
        self.departAt = departAt
        self.returnAt = returnAt
        self.gender = gender
        self.driverGender = driverGender
    }

    public func time(on leg: RideLeg) -> Date? {
        leg == .to ? departAt : returnAt
    }
}

/// One passenger riding with one driver on one leg: a line of a plan.
public struct RidePair: Hashable, Sendable {
    public var passenger: RideID
    public var driver: RideID
    public var leg: RideLeg

    public init(passenger: RideID, driver: RideID, leg: RideLeg) {
        self.passenger = passenger
        self.driver = driver
        self.leg = leg
    }
}

/// Everything one assignment needs: the event's offers and requests, how far apart a driver's
/// and a passenger's times may be, and the plan in force (kept as far as the rules allow).
public struct RideInstance: Hashable, Sendable {
    public var eventId: RideID?
    public var eventLocation: RidePoint?
    public var maxTimeGapMinutes: Double
    public var drivers: [RideDriver]
    public var passengers: [RidePassenger]
    public var current: [RidePair]

    public init(eventId: RideID? = nil, eventLocation: RidePoint? = nil, maxTimeGapMinutes: Double,
                drivers: [RideDriver], passengers: [RidePassenger], current: [RidePair] = []) {
        self.eventId = eventId
        self.eventLocation = eventLocation
        self.maxTimeGapMinutes = maxTimeGapMinutes
        self.drivers = drivers
        self.passengers = passengers
        self.current = current
    }
}
