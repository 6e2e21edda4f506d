import Foundation
import StewardCore

/// "The grid draws a week of 500 classes without a stall": the window's longest main-loop
/// stall (STEWARD_STALL_REPORT) while a person opens the Class Schedule page on a week of N
/// classes, goes to the next week (N more) and back, and through the list and trainers views,
/// several rounds. Tests/schedules/stall_walk.py drives the window through the accessibility
/// tree, as the UI suites do, and reads the report before and after the walk.
///   steward-bench --schedule-stall [--classes N] [--rounds N]
/// Needs a display and a session bus: `dbus-run-session -- xvfb-run -a steward-bench …`, from
/// the repository root, with STEWARD_RESOURCES and GSETTINGS_SCHEMA_DIR as for the UI suites.
struct ScheduleStallBenchmark {
    let binDirectory: URL
    let folder: URL
    let count: Int
    let rounds: Int
    let environment: [String: String]

    static let firstMarker = "Week One Marker"
    static let nextMarker = "Week Two Marker"
    static let rooms = ["Studio A", "Studio B", "Studio C", "Cycle Room", "Pool", "Rooftop"]
    static let trainers = ["Alex Rivera", "Priya Natarajan", "Sam Okafor", "Jordan Lee", "Chris Bauer", "Dana Brooks",
                           "Morgan Diaz", "Kim Tanaka", "Lee Park", "Ana Souza", "Omar Haddad", "Eva Novak"]
    static let programs = ["Strength", "Yoga", "Cycling", "HIIT", "Pilates", "Swim"]

    struct Walk: Decodable {
        var startup: StallBenchmark.StallReport
        var total: StallBenchmark.StallReport
        var steps: Int
        var seconds: Double
        var byStep: [Step]?

        /// One kind of step's figures over the rounds: its stalls over 50 ms, and its longest
        /// stall (from the report's longest of each second the step spanned).
        struct Step: Decodable {
            var step: String
            var longestMilliseconds: Double
            var over50Milliseconds: Int

            enum CodingKeys: String, CodingKey {
                case step, longestMilliseconds = "longest_ms", over50Milliseconds = "over_50ms"
            }
        }

        enum CodingKeys: String, CodingKey {
            case startup, total, steps, seconds, byStep = "by_step"
        }
    }

    func run() async throws -> Walk {
        let databasePath = folder.appendingPathComponent("schedule-stall.sqlite").path
        let database = try AppDatabase.open(path: databasePath)
        let zone = TimeZone(identifier: "America/Chicago")!
        let org = try await OrganizationService(database: database)
            .add(slug: "stall-gym", name: "Stall Gym", timeZone: zone.identifier, kind: .gym)
        let monday = WeekLayout.monday(of: LocalDate(Date(), in: zone))
        let saved = folder.appendingPathComponent("GetClasses.json")
        try Data(Self.savedAnswer(weeks: [monday, monday.adding(days: 7)], perWeek: count, zone: zone).canonicalBytes)
            .write(to: saved)
        let service = ScheduleService(database: database, credentials: MemoryCredentialStore())
        let source = try await service.addFile(saved.path, in: org)
        let refreshed = try await service.refresh(source.id, in: org)
        guard refreshed.first?.counts.new == 2 * count else {
            throw BenchFailure("the mirror took \(refreshed.first?.counts.new ?? 0) classes, not \(2 * count)")
        }

        var env = environment
        env["STEWARD_DB"] = databasePath
        env["STEWARD_BIN_DIR"] = binDirectory.path
        env["GSETTINGS_BACKEND"] = "memory"
        env["XDG_DATA_HOME"] = folder.appendingPathComponent("data").path
        env["XDG_CONFIG_HOME"] = folder.appendingPathComponent("config").path
        let bus = try SpawnedProcess.start(["/usr/libexec/at-spi-bus-launcher", "--launch-immediately"],
                                           environment: env, captureOutput: false)
        defer { bus.stop() }
        try await Task.sleep(nanoseconds: 500_000_000)

        let walk = Process()
        walk.executableURL = URL(fileURLWithPath: env["PYTHON"] ?? "/usr/bin/python3")
        walk.arguments = ["Tests/schedules/stall_walk.py", folder.appendingPathComponent("stall.json").path,
                          Self.firstMarker, Self.nextMarker, String(rounds)]
        walk.environment = env
        let output = Pipe()
        walk.standardOutput = output
        try walk.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        walk.waitUntilExit()
        guard walk.terminationStatus == 0, let line = String(decoding: data, as: UTF8.self).split(separator: "\n").last else {
            throw BenchFailure("the walk through the schedule page failed (see \(folder.path)/stall-walk.log)")
        }
        return try JSONDecoder().decode(Walk.self, from: Data(line.utf8))
    }

    /// A saved MindBody v6 answer: `perWeek` classes in each week, 06:00 to 21:00 in six rooms,
    /// every 40th cancelled and every 25th taught by a substitute; each week's first class named
    /// so the walk can tell the weeks apart.
    static func savedAnswer(weeks: [LocalDate], perWeek: Int, zone: TimeZone) -> JSONValue {
        var classes: [JSONValue] = []
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let local = DateFormatter()
        local.locale = Locale(identifier: "en_US_POSIX")
        local.timeZone = zone
        local.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        for (week, monday) in weeks.enumerated() {
            for index in 0..<perWeek {
                let day = index % 7
                let slot = index / 7
                let minutes = 6 * 60 + (slot * 45) % (15 * 60)
                let start = calendar.date(byAdding: .minute, value: minutes, to: monday.adding(days: day).startOfDay(in: zone))!
                let number = week * perWeek + index
                let name = index == 0 ? (week == 0 ? firstMarker : nextMarker) : "\(programs[number % programs.count]) \(number)"
                classes.append(.object([
                    "Id": .int(Int64(500_000 + number)), "ClassScheduleId": .int(Int64(7_000 + index)),
                    "StartDateTime": .string(local.string(from: start)),
                    "EndDateTime": .string(local.string(from: start.addingTimeInterval(TimeInterval(45 * 60)))),
                    "ClassDescription": .object([
                        "Id": .int(Int64(index % 40)), "Name": .string(name), "Description": .string("A generated class."),
                        "Program": .object(["Id": .int(1), "Name": .string(programs[number % programs.count])]),
                        "SessionType": .object(["Id": .int(1), "Name": .string("Group Class")]),
                    ]),
                    "Staff": .object(["Id": .int(Int64(100 + number % trainers.count)), "Name": .string(trainers[number % trainers.count])]),
                    "Substitute": .bool(number % 25 == 24), "IsCanceled": .bool(number % 40 == 39), "Active": .bool(true),
                    "Location": .object(["Id": .int(1), "Name": .string("Stall Gym")]),
                    "Resource": .object(["Id": .int(Int64(number % rooms.count + 1)), "Name": .string(rooms[number % rooms.count])]),
                    "MaxCapacity": .int(20), "WebCapacity": .int(18), "TotalBooked": .int(Int64(number % 21)),
                    "TotalBookedWaitlist": .int(0), "IsWaitlistAvailable": .bool(false),
                ]))
            }
        }
        return .object(["PaginationResponse": .object(["TotalResults": .int(Int64(classes.count))]), "Classes": .array(classes)])
    }

    static func report(arguments: [String], folder: URL) async throws -> Bool {
        let count = Benchmarks.value(of: "--classes", in: arguments).flatMap(Int.init) ?? 500
        let rounds = Benchmarks.value(of: "--rounds", in: arguments).flatMap(Int.init) ?? 3
        let env = ProcessInfo.processInfo.environment
        guard env["DISPLAY"] != nil, env["DBUS_SESSION_BUS_ADDRESS"] != nil else {
            say("steward-bench --schedule-stall needs a display and a session bus: run it under `dbus-run-session -- xvfb-run -a`")
            return false
        }
        let binDirectory = URL(fileURLWithPath: arguments[0]).deletingLastPathComponent()
        say("steward-bench --schedule-stall: \(ProcessInfo.processInfo.activeProcessorCount) cores, \(count) classes a week, \(rounds) rounds")
        let walk = try await ScheduleStallBenchmark(binDirectory: binDirectory, folder: folder, count: count, rounds: rounds,
                                                    environment: env).run()
        let later = walk.total.over50Milliseconds - walk.startup.over50Milliseconds
        let longest = walk.total.longestMilliseconds > walk.startup.longestMilliseconds
            ? "longest stall \(format(walk.total.longestMilliseconds, 1)) ms"
            : "longest stall at most start-up's \(format(walk.startup.longestMilliseconds, 1)) ms"
        say("""

        Main loop of the window (STEWARD_STALL_REPORT, a 10 ms tick) on a week of \(count) classes
          start-up, until 2 s after the first frame: longest stall \(format(walk.startup.longestMilliseconds, 1)) ms, \(walk.startup.over50Milliseconds) over 50 ms
          the walk (\(walk.steps) steps in \(format(walk.seconds, 1)) s: the page, next week and back, list, trainers, week): \(longest), \(later) over 50 ms
          whole window: \(walk.total.ticks) ticks
        """)
        for step in walk.byStep ?? [] {
            say("    \(step.step): longest stall \(format(step.longestMilliseconds, 1)) ms, \(step.over50Milliseconds) over 50 ms")
        }
        return true
    }
}
