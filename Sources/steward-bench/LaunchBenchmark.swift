import Foundation

/// Time from starting a program to its first page painted on screen: `steward` on a large
/// database against a minimal GTK 4 window, started the same way, alternately, in one run.
/// Both programs print a line starting with `first-paint` when that moment comes.
struct LaunchBenchmark {
    let stewardPath: String
    let benchPath: String
    let databasePath: String
    let runs: Int
    let environment: [String: String]

    struct Result {
        var stewardMilliseconds: [Double]
        var minimalMilliseconds: [Double]
        var ratio: Double { stewardMilliseconds.median / minimalMilliseconds.median }
    }

    func run() throws -> Result {
        var steward: [Double] = []
        var minimal: [Double] = []
        // One untimed start of each warms the file cache, as a second launch on a desk would be.
        _ = try timeToFirstPaint([benchPath, "--minimal-window"])
        _ = try timeToFirstPaint([stewardPath])
        for _ in 0..<runs {
            minimal.append(try timeToFirstPaint([benchPath, "--minimal-window"]))
            steward.append(try timeToFirstPaint([stewardPath]))
        }
        return Result(stewardMilliseconds: steward, minimalMilliseconds: minimal)
    }

    /// Starts `command` with stdout on a pipe and returns the time until it prints
    /// `first-paint`. posix_spawn directly, with an empty signal mask and no inherited
    /// descriptors: a child started through Foundation's Process from a worker thread
    /// never painted its window here.
    private func timeToFirstPaint(_ command: [String]) throws -> Double {
        var env = environment
        env["STEWARD_DB"] = databasePath
        env["STEWARD_REPORT_FIRST_PAINT"] = "1"
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw BenchError("pipe failed") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for fd in open.compactMap(Int32.init) where fd > 2 {
            posix_spawn_file_actions_addclose(&actions, fd)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigfillset(&defaults)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = command.map { strdup($0) } + [nil]
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let start = Stopwatch.now()
        let status = posix_spawn(&pid, command[0], &actions, &attributes, argv, envp)
        close(fds[1])
        defer {
            close(fds[0])
            kill(pid, SIGTERM)
            var exitStatus: Int32 = 0
            waitpid(pid, &exitStatus, 0)
        }
        guard status == 0 else { throw BenchError("cannot start \(command[0]): error \(status)") }
        var output = ""
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(fds[0], &buffer, buffer.count)
            if count <= 0 { throw BenchError("\(command[0]) exited without painting a first page") }
            output += String(decoding: buffer[0..<count], as: UTF8.self)
            if output.contains("first-paint") { return Stopwatch.milliseconds(since: start) }
        }
    }
}
