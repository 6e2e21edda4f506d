import CRideFlow
import Foundation
import Synchronization

public struct RideSolverError: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String
}

/// The optimal assignment of passengers to drivers, leg by leg, as min-cost flow.
///
/// The objective is lexicographic: the most passenger-legs seated; then, of the current plan's
/// pairs that the rules still allow, the fewest broken; then the least total pickup distance.
/// Legs share nothing (seats count per leg), so each is its own flow problem. Weights make the
/// order exact: a pair's cost is its distance in whole units (metres unless the instance is so
/// large that a coarser unit is needed to stay inside 64-bit costs), plus `keepWeight` unless it
/// is a current pair; `keepWeight` exceeds any total distance and the cost of leaving a
/// passenger unseated exceeds any total of pair costs, so no amount of distance buys breaking a
/// pair and nothing buys an empty seat.
public struct RideSolver: Sendable {
    public init() {}

    public func solve(_ instance: RideInstance) throws(RideSolverError) -> RideAnswer {
        let eligibility = RideEligibility(maxTimeGapMinutes: instance.maxTimeGapMinutes)
        let current = Set(instance.current)
        // The legs share nothing (seats count per leg), so each is solved on a core of its own.
        let legs = RideLeg.allCases
        let solved = Mutex<[RideLeg: Result<[RideID: RideID], RideSolverError>]>([:])
        DispatchQueue.concurrentPerform(iterations: legs.count) { index in
            let leg = legs[index]
            let result: Result<[RideID: RideID], RideSolverError>
            do throws(RideSolverError) {
                result = .success(try solve(leg: leg, instance, eligibility: eligibility, current: current))
            } catch {
                result = .failure(error)
            }
            solved.withLock { $0[leg] = result }
        }
        let seatedByLeg = solved.withLock { $0 }
        var assignments: [RidePair] = []
        var unassigned: [RideUnassigned] = []
        for leg in legs {
            let seated = try seatedByLeg[leg]!.get()
            for passenger in instance.passengers where passenger.direction.includes(leg) {
                if let driver = seated[passenger.id] {
                    assignments.append(RidePair(passenger: passenger.id, driver: driver, leg: leg))
                } else {
                    unassigned.append(RideUnassigned(passenger: passenger.id, leg: leg,
                                                     reason: eligibility.reason(for: passenger, on: leg, among: instance.drivers)))
                }
            }
        }
        return RideAnswer(assignments: assignments, unassigned: unassigned)
    }

    /// Each passenger's driver on `leg`.
    private func solve(leg: RideLeg, _ instance: RideInstance, eligibility: RideEligibility,
                       current: Set<RidePair>) throws(RideSolverError) -> [RideID: RideID] {
        let drivers = instance.drivers.filter { $0.direction.includes(leg) && $0.seats > 0 }
        let passengers = instance.passengers.filter { $0.direction.includes(leg) }
        var arcPassenger: [Int32] = []
        var arcDriver: [Int32] = []
        var arcMetres: [Double] = []
        var arcCurrent: [Bool] = []
        var seen = Set<RideID>()
        var passengerNodes: [RidePassenger] = []
        // The rules of `RideEligibility.allowedKilometres` over flat tables of numbers: a
        // large event checks millions of pairs, and plain arrays keep that to tens of ms.
        let table = LegTable(drivers: drivers, leg: leg)
        let gap = eligibility.maxTimeGap
        let currentDrivers = Dictionary(grouping: current.filter { $0.leg == leg }, by: \.passenger)
            .mapValues { Set($0.map(\.driver)) }
        for passenger in passengers where seen.insert(passenger.id).inserted {
            guard let time = passenger.time(on: leg)?.timeIntervalSinceReferenceDate else { continue }
            let gender = LegTable.code(passenger.gender), wants = LegTable.code(passenger.driverGender)
            let lat = passenger.pickup.lat, lon = passenger.pickup.lon
            let cosLat = cos(lat * LegTable.radians)
            let kept = currentDrivers[passenger.id]
            var any = false
            for d in 0..<table.count {
                guard abs(time - table.time[d]) <= gap,
                      table.wants[d] == 0 || table.wants[d] == gender,
                      wants == 0 || table.gender[d] == wants,
                      GreatCircle.earthRadiusKm * abs(lat - table.lat[d]) * LegTable.radians <= table.radius[d] else { continue }
                let dLat = (table.lat[d] - lat) * LegTable.radians
                let dLon = (table.lon[d] - lon) * LegTable.radians
                let h = sin(dLat / 2) * sin(dLat / 2) + cosLat * table.cosLat[d] * sin(dLon / 2) * sin(dLon / 2)
                let km = 2 * GreatCircle.earthRadiusKm * asin(min(1, h.squareRoot()))
                guard km <= table.radius[d] else { continue }
                if !any { passengerNodes.append(passenger); any = true }
                arcPassenger.append(Int32(passengerNodes.count - 1))
                arcDriver.append(Int32(d))
                arcMetres.append(km * 1000)
                arcCurrent.append(kept?.contains(drivers[d].id) ?? false)
            }
        }
        guard !arcPassenger.isEmpty else { return [:] }

        let weights = try Weights(passengers: passengerNodes.count, seats: drivers.reduce(0) { $0 + $1.seats },
                                  nodes: passengerNodes.count + drivers.count + 1,
                                  longestMetres: arcMetres.max() ?? 0)
        let costs = zip(arcMetres, arcCurrent).map { metres, isCurrent in
            weights.distance(metres) + (isCurrent ? 0 : weights.keep)
        }
        let seats = drivers.map { Int32(min($0.seats, Int(Int32.max))) }
        var flow = [UInt8](repeating: 0, count: arcPassenger.count)
        let status = ride_flow_solve(Int32(passengerNodes.count), Int32(drivers.count), seats,
                                     Int32(arcPassenger.count), arcPassenger, arcDriver, costs,
                                     weights.unseated, &flow, nil)
        guard status == Int32(RIDE_FLOW_OPTIMAL.rawValue) else {
            throw RideSolverError(description: "the min-cost flow solver failed (status \(status))")
        }
        var seated: [RideID: RideID] = [:]
        for i in flow.indices where flow[i] != 0 {
            seated[passengerNodes[Int(arcPassenger[i])].id] = drivers[Int(arcDriver[i])].id
        }
        return seated
    }

    /// One leg's drivers as columns of numbers: times in seconds (NaN when missing, which no
    /// comparison passes), genders as codes (0 for none).
    struct LegTable {
        static let radians = Double.pi / 180
        var count: Int
        var lat: [Double], lon: [Double], cosLat: [Double], radius: [Double], time: [Double]
        var gender: [UInt8], wants: [UInt8]

        init(drivers: [RideDriver], leg: RideLeg) {
            count = drivers.count
            lat = drivers.map(\.pickup.lat)
            lon = drivers.map(\.pickup.lon)
            cosLat = drivers.map { cos($0.pickup.lat * Self.radians) }
            radius = drivers.map(\.radiusKm)
            time = drivers.map { $0.time(on: leg)?.timeIntervalSinceReferenceDate ?? .nan }
            gender = drivers.map { Self.code($0.gender) }
            wants = drivers.map { Self.code($0.passengerGender) }
        }

        static func code(_ gender: RideGender?) -> UInt8 {
            switch gender {
            case .female?: 1
            case .male?: 2
            case nil: 0
            }
        }
    }

    /// The integer weights that make the lexicographic objective one sum.
    struct Weights {
        /// Metres per distance unit: 1, or a power of ten when metres would overflow.
        var unit: Double
        /// Added to every pair that is not a current one: more than any total distance.
        var keep: Int64
        /// The cost of a passenger left waiting: more than any total of pair costs.
        var unseated: Int64

        init(passengers: Int, seats: Int, nodes: Int, longestMetres: Double) throws(RideSolverError) {
            // At most this many pairs can be seated at once.
            let pairs = Int64(max(1, min(passengers, seats)))
            // Costs summed along the simplex's spanning tree stay well inside Int64.
            let ceiling = Int64.max / 4 / Int64(max(nodes, 1))
            var unit = 1.0
            while true {
                let longest = Int64((longestMetres / unit).rounded())
                let (distances, o1) = pairs.multipliedReportingOverflow(by: longest)
                let keep = distances + 1
                let (perPair, o2) = keep.addingReportingOverflow(longest)
                let (total, o3) = pairs.multipliedReportingOverflow(by: perPair)
                let unseated = total + 1
                let (everyone, o4) = unseated.multipliedReportingOverflow(by: Int64(passengers))
                if !(o1 || o2 || o3 || o4) && everyone < ceiling {
                    self.unit = unit
                    self.keep = keep
                    self.unseated = unseated
                    return
                }
                guard unit < 1e7 else { throw RideSolverError(description: "the instance is too large to weigh exactly") }
                unit *= 10
            }
        }

        func distance(_ metres: Double) -> Int64 {
            Int64((metres / unit).rounded())
        }
    }
}
