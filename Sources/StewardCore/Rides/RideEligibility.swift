import Foundation
import Translation

/// Why a passenger-leg has no seat, in the order the rules are checked: a driver must first
/// reach the pickup, then leave at about the same time, then suit both gender preferences; only
/// when some driver passes all three does "all full" say the seats ran out.
public enum RideUnassignedReason: String, CaseIterable, Hashable, Sendable {
    case noDriverInRange = "no driver in range"
    case noneAtThatTime = "none at that time"
    case genderPreference = "gender preference"
    case allFull = "all full"

    /// The reason in the reader's language (the JSON answer keeps the fixed English words).
    public var text: String {
        switch self {
        case .noDriverInRange: tr("no driver in range")
        case .noneAtThatTime: tr("no driver at that time")
        case .genderPreference: tr("gender preference")
        case .allFull: tr("all drivers full")
        }
    }
}

/// The rule a pair breaks, for a staff member assigning by hand and for the reasons above.
public enum RideRule: String, Hashable, Sendable, CaseIterable {
    case direction
    case range
    case time
    case gender

    public var text: String {
        switch self {
        case .direction: tr("the driver does not drive that way")
        case .range: tr("the pickup is beyond the driver's radius")
        case .time: tr("their times differ by more than the event allows")
        case .gender: tr("a gender preference does not hold")
        }
    }
}

/// Whether a passenger may ride with a driver on a leg, rule by rule.
public struct RideEligibility: Sendable {
    public var maxTimeGap: TimeInterval

    public init(maxTimeGapMinutes: Double) {
        maxTimeGap = maxTimeGapMinutes * 60
    }

    /// The first rule `passenger` riding with `driver` on `leg` breaks, or nil when it is allowed.
    public func brokenRule(_ passenger: RidePassenger, _ driver: RideDriver, on leg: RideLeg) -> RideRule? {
        guard passenger.direction.includes(leg), driver.direction.includes(leg) else { return .direction }
        guard inRange(passenger, driver) else { return .range }
        guard atSameTime(passenger, driver, on: leg) else { return .time }
        guard gendersSuit(passenger, driver) else { return .gender }
        return nil
    }

    public func allows(_ passenger: RidePassenger, _ driver: RideDriver, on leg: RideLeg) -> Bool {
        brokenRule(passenger, driver, on: leg) == nil
    }

    /// The pickup distance when the pair is allowed, nil when it is not; one distance computed,
    /// for the solver's inner loop.
    public func allowedKilometres(_ passenger: RidePassenger, _ driver: RideDriver, on leg: RideLeg) -> Double? {
        guard passenger.direction.includes(leg), driver.direction.includes(leg),
              atSameTime(passenger, driver, on: leg), gendersSuit(passenger, driver) else { return nil }
        // The great-circle distance is at least the north-south one: most pairs out of range
        // are ruled out without trigonometry.
        guard GreatCircle.earthRadiusKm * abs(passenger.pickup.lat - driver.pickup.lat) * (Double.pi / 180) <= driver.radiusKm
        else { return nil }
        let km = GreatCircle.kilometres(passenger.pickup, driver.pickup)
        return km <= driver.radiusKm ? km : nil
    }

    public func inRange(_ passenger: RidePassenger, _ driver: RideDriver) -> Bool {
        GreatCircle.kilometres(passenger.pickup, driver.pickup) <= driver.radiusKm
    }

    /// A missing time on the leg never matches: nobody can say the two leave together.
    public func atSameTime(_ passenger: RidePassenger, _ driver: RideDriver, on leg: RideLeg) -> Bool {
        guard let a = passenger.time(on: leg), let b = driver.time(on: leg) else { return false }
        return abs(a.timeIntervalSince(b)) <= maxTimeGap
    }

    /// Both ways: the driver's wish about passengers and the passenger's about drivers. A wish
    /// cannot be met by someone whose gender is not given.
    public func gendersSuit(_ passenger: RidePassenger, _ driver: RideDriver) -> Bool {
        if let wanted = driver.passengerGender, passenger.gender != wanted { return false }
        if let wanted = passenger.driverGender, driver.gender != wanted { return false }
        return true
    }

    /// Why `passenger` has no seat on `leg` among `drivers`: the furthest rule some driver of
    /// that leg gets past decides it.
    public func reason(for passenger: RidePassenger, on leg: RideLeg, among drivers: [RideDriver]) -> RideUnassignedReason {
        var furthest = RideUnassignedReason.noDriverInRange
        for driver in drivers where driver.direction.includes(leg) {
            switch brokenRule(passenger, driver, on: leg) {
            case .direction?, .range?: continue
            case .time?: if furthest == .noDriverInRange { furthest = .noneAtThatTime }
            case .gender?: if furthest != .allFull { furthest = .genderPreference }
            case nil: return .allFull
            }
        }
        return furthest
    }
}
