import Foundation
import StewardCore

/// Ride sharing at scale: `steward-bench --rides [--passengers N] [--drivers N] [--seed N]`.
///
/// One instance of a large event (3,000 passengers and 500 drivers by default, most of both
/// going both ways) solved three ways in the same run:
/// 1. Steward's solver (min-cost flow, LEMON's network simplex), the optimum; median of 3.
/// 2. The seed tools' way: each passenger in turn takes the nearest allowed driver with a seat
///    left. Fast, but it seats fewer: the figure is how many fewer.
/// 3. SciPy's linear_sum_assignment on seat-expanded legs (a Python script, Tests/rides), the
///    usual off-the-shelf exact method; its time is the baseline. Goal: the optimum in under a
///    tenth of SciPy's time. SciPy's optimum also cross-checks ours (seated, distance).
enum RidesBenchmark {
    static func run(arguments: [String]) -> Int32 {
        let passengerCount = Benchmarks.value(of: "--passengers", in: arguments).flatMap(Int.init) ?? 3_000
        let driverCount = Benchmarks.value(of: "--drivers", in: arguments).flatMap(Int.init) ?? 500
        let seed = Benchmarks.value(of: "--seed", in: arguments).flatMap(UInt64.init) ?? 2026
        let instance = RideBenchInstance.make(passengers: passengerCount, drivers: driverCount, seed: seed)
        let seats = instance.drivers.reduce(0) { $0 + $1.seats }
        say("steward-bench --rides: \(ProcessInfo.processInfo.activeProcessorCount) cores; \(passengerCount) passengers, "
            + "\(driverCount) drivers (\(seats) seats per leg), both legs")
        do {
            var times: [Double] = []
            var answer: RideAnswer?
            for _ in 0..<3 {
                times.append(try Stopwatch.seconds { answer = try RideSolver().solve(instance) })
            }
            let optimum = answer!
            let solverSeconds = times.median
            var greedy: [RidePair] = []
            let greedySeconds = Stopwatch.seconds { greedy = NearestDriverGreedy.assign(instance) }
            say("")
            say("Steward's solver (min-cost flow, exact), median of 3: \(format(solverSeconds, 3)) s")
            say("Nearest driver with a seat left (the seed tools' way): \(format(greedySeconds, 3)) s")
            var met = true
            for leg in RideLeg.allCases {
                let best = optimum.assignments.filter { $0.leg == leg }
                let nearest = greedy.filter { $0.leg == leg }
                say("  leg \(leg.rawValue): optimum seats \(best.count), \(format(kilometres(best, instance), 1)) km of pickups; "
                    + "nearest-driver seats \(nearest.count) (\(best.count - nearest.count) fewer), \(format(kilometres(nearest, instance), 1)) km")
                met = met && nearest.count <= best.count
            }
            let scipy = try SciPyBaseline.run(instance)
            say("SciPy linear_sum_assignment on seat-expanded legs: \(format(scipy.seconds, 3)) s "
                + "(+ \(format(scipy.buildSeconds, 3)) s building the matrices)")
            for leg in RideLeg.allCases {
                let best = optimum.assignments.filter { $0.leg == leg }
                let theirs = scipy.legs[leg]!
                let agrees = theirs.seated == best.count && abs(theirs.km - kilometres(best, instance)) <= 0.001 * Double(max(best.count, 1))
                say("  leg \(leg.rawValue): SciPy seats \(theirs.seated), \(format(theirs.km, 1)) km: "
                    + (agrees ? "the same optimum" : "DIFFERENT FROM OURS"))
                met = met && agrees
            }
            let ratio = solverSeconds / scipy.seconds
            let fast = ratio < 0.1
            say("ratio solver/SciPy = \(format(ratio, 4)) (goal < 0.10): \(fast ? "goal met" : "GOAL MISSED")")
            met = met && fast
            say(met ? "\nAll ride goals met." : "\nSome ride goals were missed.")
            return met ? 0 : 1
        } catch {
            say("steward-bench --rides: \(error)")
            return 1
        }
    }

    static func kilometres(_ pairs: [RidePair], _ instance: RideInstance) -> Double {
        let passengers = Dictionary(uniqueKeysWithValues: instance.passengers.map { ($0.id, $0.pickup) })
        let drivers = Dictionary(uniqueKeysWithValues: instance.drivers.map { ($0.id, $0.pickup) })
        return pairs.reduce(0) { $0 + GreatCircle.kilometres(passengers[$1.passenger]!, drivers[$1.driver]!) }
    }
}

/// The seed tools' matching, as a baseline: passengers in the order they asked, each taking the
/// nearest driver the rules allow who still has a seat on that leg.
enum NearestDriverGreedy {
    static func assign(_ instance: RideInstance) -> [RidePair] {
        let rules = RideEligibility(maxTimeGapMinutes: instance.maxTimeGapMinutes)
        var pairs: [RidePair] = []
        for leg in RideLeg.allCases {
            var seatsLeft = instance.drivers.map(\.seats)
            for passenger in instance.passengers where passenger.direction.includes(leg) {
                var nearest: (index: Int, km: Double)?
                for (d, driver) in instance.drivers.enumerated() where seatsLeft[d] > 0 {
                    guard let km = rules.allowedKilometres(passenger, driver, on: leg) else { continue }
                    if nearest.map({ km < $0.km }) ?? true { nearest = (d, km) }
                }
                if let nearest {
                    seatsLeft[nearest.index] -= 1
                    pairs.append(RidePair(passenger: passenger.id, driver: instance.drivers[nearest.index].id, leg: leg))
                }
            }
        }
        return pairs
    }
}

/// A large event's rides around one town, seeded: pickups over about 30 km, radii of 2 to 12
/// km, 3 to 9 seats (about as many seats as passengers, so who sits where matters),
/// departures over an hour and returns over another, a few gender preferences.
enum RideBenchInstance {
    static func make(passengers: Int, drivers: Int, seed: UInt64) -> RideInstance {
        var rng = BenchRandom(seed: seed)
        let start = Date(timeIntervalSince1970: 1_796_500_000)
        func point() -> RidePoint {
            RidePoint(lat: 35.15 + Double.random(in: 0..<0.27, using: &rng), lon: -120.82 + Double.random(in: 0..<0.33, using: &rng))
        }
        func direction() -> RideDirection {
            switch Int.random(in: 0..<10, using: &rng) {
            case 0: .to
            case 1: .from
            default: .both
            }
        }
        func depart() -> Date { start.addingTimeInterval(Double(Int.random(in: 0..<7, using: &rng)) * 600) }
        func back() -> Date { start.addingTimeInterval(3 * 3600 + Double(Int.random(in: 0..<7, using: &rng)) * 600) }
        func gender() -> RideGender { Bool.random(using: &rng) ? .female : .male }
        let driverList = (0..<drivers).map { i in
            let own = gender()
            return RideDriver(id: RideID(.int(Int64(i + 1))), seats: Int.random(in: 3...9, using: &rng), direction: direction(),
                              pickup: point(), radiusKm: Double.random(in: 2...12, using: &rng), departAt: depart(), returnAt: back(),
                              gender: own, passengerGender: Int.random(in: 0..<10, using: &rng) == 0 ? own : nil)
        }
        let passengerList = (0..<passengers).map { i in
            RidePassenger(id: RideID("p\(i + 1)"), direction: direction(), pickup: point(), departAt: depart(), returnAt: back(),
                          gender: gender(), driverGender: Int.random(in: 0..<12, using: &rng) == 0 ? gender() : nil)
        }
        return RideInstance(maxTimeGapMinutes: 30, drivers: driverList, passengers: passengerList)
    }
}

struct BenchRandom: RandomNumberGenerator {
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

/// Runs Tests/rides/scipy_assignment_baseline.py on the instance and reads its figures.
enum SciPyBaseline {
    struct Figures {
        var seconds: Double
        var buildSeconds: Double
        var legs: [RideLeg: (seated: Int, km: Double)]
    }

    struct Failure: Error, CustomStringConvertible { var description: String }

    static var script: URL {
        // The source tree this benchmark was built from: Sources/steward-bench/<this file>.
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Tests/rides/scipy_assignment_baseline.py")
    }

    static func run(_ instance: RideInstance) throws -> Figures {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("steward-bench-rides-\(getpid()).json")
        try Data(instance.json.canonicalBytes).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, file.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0, let json = try? JSONValue.parse(data),
              let seconds = json["seconds"]?.doubleValue, let build = json["build_seconds"]?.doubleValue else {
            throw Failure(description: "the SciPy baseline failed (exit \(process.terminationStatus)); is python3-scipy installed?")
        }
        var legs: [RideLeg: (Int, Double)] = [:]
        for leg in RideLeg.allCases {
            guard let figures = json["legs"]?[leg.rawValue], let seated = figures["seated"]?.int64Value, let km = figures["km"]?.doubleValue else {
                throw Failure(description: "the SciPy baseline printed no figures for leg \(leg.rawValue)")
            }
            legs[leg] = (Int(seated), km)
        }
        return Figures(seconds: seconds, buildSeconds: build, legs: legs)
    }
}
