import Foundation
@testable import StewardCore

/// A seeded generator, so a failing random instance can be replayed.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Small random instances around one town, dense enough in conflicts (few seats, tight radii,
/// preferences, missing times) that the order of the objective matters.
enum RandomRides {
    static let base = Date(timeIntervalSince1970: 1_796_500_000)

    static func instance(passengers: Int, drivers: Int, using rng: inout SplitMix64, current: [RidePair] = []) -> RideInstance {
        func point() -> RidePoint {
            RidePoint(lat: 35.28 + Double.random(in: 0..<0.06, using: &rng), lon: -120.66 + Double.random(in: 0..<0.06, using: &rng))
        }
        func time() -> Date? {
            Int.random(in: 0..<8, using: &rng) == 0 ? nil : base.addingTimeInterval(Double(Int.random(in: 0..<7, using: &rng)) * 600)
        }
        func gender() -> RideGender? { [RideGender.female, .male, nil].randomElement(using: &rng)! }
        func preference() -> RideGender? { Int.random(in: 0..<5, using: &rng) == 0 ? gender() : nil }
        let directions: [RideDirection] = [.to, .from, .both, .both]
        let driverList = (0..<drivers).map { i in
            RideDriver(id: RideID(.int(Int64(100 + i))), seats: Int.random(in: 0...3, using: &rng),
                       direction: directions.randomElement(using: &rng)!, pickup: point(),
                       radiusKm: Double.random(in: 1...5, using: &rng), departAt: time(), returnAt: time(),
                       gender: gender(), passengerGender: preference())
        }
        let passengerList = (0..<passengers).map { i in
            RidePassenger(id: RideID("p\(i)"), direction: directions.randomElement(using: &rng)!, pickup: point(),
                          departAt: time(), returnAt: time(), gender: gender(), driverGender: preference())
        }
        return RideInstance(maxTimeGapMinutes: 20, drivers: driverList, passengers: passengerList, current: current)
    }
}

/// The objective's three figures for one leg, compared lexicographically (more seated, more
/// current pairs kept, less distance).
struct RideScore: CustomStringConvertible {
    var seated: Int
    var kept: Int
    var kilometres: Double

    var description: String { "seated \(seated), kept \(kept), \(kilometres) km" }

    /// True when `self` is strictly better than `other`, distances compared to the metre.
    func beats(_ other: RideScore) -> Bool {
        if seated != other.seated { return seated > other.seated }
        if kept != other.kept { return kept > other.kept }
        return kilometres < other.kilometres - 0.001
    }

    static func of(_ pairs: [RidePair], in instance: RideInstance) -> RideScore {
        let current = Set(instance.current)
        let passengers = Dictionary(uniqueKeysWithValues: instance.passengers.map { ($0.id, $0) })
        let drivers = Dictionary(uniqueKeysWithValues: instance.drivers.map { ($0.id, $0) })
        return RideScore(seated: pairs.count, kept: pairs.filter(current.contains).count,
                         kilometres: pairs.reduce(0) { $0 + GreatCircle.kilometres(passengers[$1.passenger]!.pickup, drivers[$1.driver]!.pickup) })
    }
}

/// The optimum by trying every assignment: each passenger of the leg with nobody or with each
/// driver it may ride with, seats respected. Independent of the flow model; tiny instances only.
enum BruteForceRides {
    static func best(_ instance: RideInstance, leg: RideLeg) -> RideScore {
        let rules = RideEligibility(maxTimeGapMinutes: instance.maxTimeGapMinutes)
        let current = Set(instance.current)
        let passengers = instance.passengers.filter { $0.direction.includes(leg) }
        // Per passenger: (driver index, km, is a current pair) for each driver it may ride with.
        let options = passengers.map { passenger in
            instance.drivers.indices.filter { rules.allows(passenger, instance.drivers[$0], on: leg) }.map { d in
                (d, GreatCircle.kilometres(passenger.pickup, instance.drivers[d].pickup),
                 current.contains(RidePair(passenger: passenger.id, driver: instance.drivers[d].id, leg: leg)))
            }
        }
        var seatsLeft = instance.drivers.map(\.seats)
        var score = RideScore(seated: 0, kept: 0, kilometres: 0)
        var best = score
        func visit(_ i: Int) {
            if i == passengers.count {
                if score.beats(best) { best = score }
                return
            }
            visit(i + 1)
            for (d, km, isCurrent) in options[i] where seatsLeft[d] > 0 {
                seatsLeft[d] -= 1
                let before = score
                score.seated += 1
                score.kept += isCurrent ? 1 : 0
                score.kilometres += km
                visit(i + 1)
                score = before
                seatsLeft[d] += 1
            }
        }
        visit(0)
        return best
    }
}
