import Foundation
import Testing
@testable import StewardCore

/// The ride solver against an exhaustive search on random tiny instances: never a pair the
/// rules forbid, never more riders than seats, and on each leg the same optimum as the search
/// (as many seated, as many current pairs kept, the same total distance to the metre).
@Suite("Ride solver")
struct RideSolverTests {
    /// Checks one answer against the rules and the exhaustive optimum; returns the number of
    /// failures recorded, so a loop can stop at the first bad instance.
    @discardableResult
    func check(_ instance: RideInstance, seed: UInt64) throws -> Bool {
        let answer = try RideSolver().solve(instance)
        let rules = RideEligibility(maxTimeGapMinutes: instance.maxTimeGapMinutes)
        let passengers = Dictionary(uniqueKeysWithValues: instance.passengers.map { ($0.id, $0) })
        let drivers = Dictionary(uniqueKeysWithValues: instance.drivers.map { ($0.id, $0) })
        var ok = true
        for leg in RideLeg.allCases {
            let pairs = answer.assignments.filter { $0.leg == leg }
            for pair in pairs {
                let allowed = rules.allows(passengers[pair.passenger]!, drivers[pair.driver]!, on: leg)
                #expect(allowed, "seed \(seed): \(pair) breaks a rule")
                ok = ok && allowed
            }
            for driver in instance.drivers {
                let riders = pairs.filter { $0.driver == driver.id }.count
                #expect(riders <= driver.seats, "seed \(seed): driver \(driver.id) has \(riders) riders on \(leg), \(driver.seats) seats")
                ok = ok && riders <= driver.seats
            }
            let wanting = instance.passengers.filter { $0.direction.includes(leg) }.map(\.id)
            let seated = pairs.map(\.passenger)
            let waiting = answer.unassigned.filter { $0.leg == leg }.map(\.passenger)
            #expect(Set(seated).count == seated.count, "seed \(seed): someone has two drivers on \(leg)")
            #expect((seated + waiting).sorted { $0.description < $1.description } == wanting.sorted { $0.description < $1.description },
                    "seed \(seed): each passenger-leg is either seated or waiting, once")
            let score = RideScore.of(pairs, in: instance)
            let best = BruteForceRides.best(instance, leg: leg)
            #expect(score.seated == best.seated, "seed \(seed) \(leg): \(score) but the optimum is \(best)")
            #expect(score.kept == best.kept, "seed \(seed) \(leg): \(score) but the optimum is \(best)")
            #expect(abs(score.kilometres - best.kilometres) <= 0.001 * Double(max(1, score.seated)),
                    "seed \(seed) \(leg): \(score) but the optimum is \(best)")
            ok = ok && score.seated == best.seated && score.kept == best.kept
                && abs(score.kilometres - best.kilometres) <= 0.001 * Double(max(1, score.seated))
        }
        return ok
    }

    @Test("random instances: allowed pairs, seats respected, the exhaustive optimum")
    func randomAgainstExhaustive() throws {
        for seed in UInt64(1)...250 {
            var rng = SplitMix64(seed: seed)
            let instance = RandomRides.instance(passengers: Int.random(in: 0...6, using: &rng),
                                                drivers: Int.random(in: 0...4, using: &rng), using: &rng)
            guard try check(instance, seed: seed) else { return }
        }
    }

    @Test("random current plans: the most still-allowed pairs kept, then the least distance")
    func randomWithCurrentPlans() throws {
        for seed in UInt64(1001)...1200 {
            var rng = SplitMix64(seed: seed)
            var instance = RandomRides.instance(passengers: Int.random(in: 1...6, using: &rng),
                                                drivers: Int.random(in: 1...4, using: &rng), using: &rng)
            // Any pairs at all, allowed or not: a plan made before times or places changed.
            instance.current = instance.passengers.flatMap { passenger in
                RideLeg.allCases.compactMap { leg in
                    Int.random(in: 0..<2, using: &rng) == 0 ? nil
                        : RidePair(passenger: passenger.id, driver: instance.drivers.randomElement(using: &rng)!.id, leg: leg)
                }
            }
            guard try check(instance, seed: seed) else { return }
        }
    }

    @Test("a cancellation re-solved from the plan in force moves the fewest others")
    func cancellationsMoveFewest() throws {
        for seed in UInt64(2001)...2150 {
            var rng = SplitMix64(seed: seed)
            var instance = RandomRides.instance(passengers: Int.random(in: 2...6, using: &rng),
                                                drivers: Int.random(in: 2...4, using: &rng), using: &rng)
            instance.current = try RideSolver().solve(instance).assignments
            if Bool.random(using: &rng) {
                instance.drivers.remove(at: Int.random(in: 0..<instance.drivers.count, using: &rng))
            } else {
                instance.passengers.remove(at: Int.random(in: 0..<instance.passengers.count, using: &rng))
            }
            guard try check(instance, seed: seed) else { return }
            // Nobody whose ride still exists moves unless seating someone more needs it: with
            // a passenger gone, every remaining pair stays.
            let again = try RideSolver().solve(instance)
            let survivors = instance.current.filter { pair in
                instance.passengers.contains { $0.id == pair.passenger } && instance.drivers.contains { $0.id == pair.driver }
            }
            let kept = Set(again.assignments).intersection(survivors)
            #expect(kept.count == BruteForceRides.best(instance, leg: .to).kept + BruteForceRides.best(instance, leg: .from).kept,
                    "seed \(seed)")
        }
    }

    @Test("a current plan stays even when swapping two passengers would drive less")
    func keepsCurrentOverShorter() throws {
        let at = RandomRides.base
        let a = RideDriver(id: RideID("A"), seats: 1, direction: .to, pickup: RidePoint(lat: 35.30, lon: -120.66), radiusKm: 20, departAt: at)
        let b = RideDriver(id: RideID("B"), seats: 1, direction: .to, pickup: RidePoint(lat: 35.20, lon: -120.66), radiusKm: 20, departAt: at)
        let nearA = RidePassenger(id: RideID("1"), direction: .to, pickup: RidePoint(lat: 35.30, lon: -120.66), departAt: at)
        let nearB = RidePassenger(id: RideID("2"), direction: .to, pickup: RidePoint(lat: 35.20, lon: -120.66), departAt: at)
        var instance = RideInstance(maxTimeGapMinutes: 15, drivers: [a, b], passengers: [nearA, nearB])
        let fresh = try RideSolver().solve(instance)
        #expect(Set(fresh.assignments) == [RidePair(passenger: nearA.id, driver: a.id, leg: .to),
                                           RidePair(passenger: nearB.id, driver: b.id, leg: .to)], "without a plan, the nearest")
        let crossed: Set = [RidePair(passenger: nearA.id, driver: b.id, leg: .to), RidePair(passenger: nearB.id, driver: a.id, leg: .to)]
        instance.current = Array(crossed)
        #expect(Set(try RideSolver().solve(instance).assignments) == crossed, "with a plan, nobody moves for distance alone")
    }

    @Test("seating one more passenger is worth breaking a current pair")
    func seatsBeforeKeeping() throws {
        let at = RandomRides.base
        let here = RidePoint(lat: 35.3, lon: -120.66)
        let a = RideDriver(id: RideID(.int(1)), seats: 1, direction: .to, pickup: here, radiusKm: 10, departAt: at)
        let b = RideDriver(id: RideID(.int(2)), seats: 1, direction: .to, pickup: here, radiusKm: 10, departAt: at)
        // Passenger 10 may ride with either driver, 11 only with driver 1 (a preference).
        let flexible = RidePassenger(id: RideID(.int(10)), direction: .to, pickup: here, departAt: at, gender: .male)
        let picky = RidePassenger(id: RideID(.int(11)), direction: .to, pickup: here, departAt: at, gender: .female, driverGender: .female)
        var aFemale = a
        aFemale.gender = .female
        let instance = RideInstance(maxTimeGapMinutes: 0, drivers: [aFemale, b], passengers: [flexible, picky],
                                    current: [RidePair(passenger: flexible.id, driver: aFemale.id, leg: .to)])
        let answer = try RideSolver().solve(instance)
        #expect(Set(answer.assignments) == [RidePair(passenger: flexible.id, driver: b.id, leg: .to),
                                            RidePair(passenger: picky.id, driver: aFemale.id, leg: .to)])
        #expect(answer.unassigned.isEmpty)
    }
}
