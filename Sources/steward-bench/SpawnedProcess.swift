import Foundation

/// A program the benchmarks start and stop: `steward`, or the minimal window. posix_spawn
/// directly, with an empty signal mask and no inherited descriptors: a child started through
/// Foundation's Process from a worker thread never painted its window here.
final class SpawnedProcess {
    let pid: pid_t
    /// The read end of the child's stdout when it was captured, else nil (stdout is /dev/null).
    let output: Int32?
    /// Set once the child has been waited for; its pid may then belong to another process.
    private var reaped = false
    private var stopped = false

    private init(pid: pid_t, output: Int32?) {
        self.pid = pid
        self.output = output
    }

    static func start(_ command: [String], environment: [String: String], captureOutput: Bool) throws -> SpawnedProcess {
        var fds: [Int32] = [-1, -1]
        if captureOutput {
            guard pipe(&fds) == 0 else { throw BenchError("pipe failed") }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if captureOutput {
            posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
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
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, command[0], &actions, &attributes, argv, envp)
        if captureOutput { close(fds[1]) }
        guard status == 0 else {
            if captureOutput { close(fds[0]) }
            throw BenchError("cannot start \(command[0]): error \(status)")
        }
        return SpawnedProcess(pid: pid, output: captureOutput ? fds[0] : nil)
    }

    /// Whether the child has not exited yet (it is reaped if it has).
    var isRunning: Bool {
        guard !reaped else { return false }
        var exitStatus: Int32 = 0
        if waitpid(pid, &exitStatus, WNOHANG) == 0 { return true }
        reaped = true
        return false
    }

    /// Asks the child to quit (SIGTERM, as a session logout would) and waits for it.
    func stop() {
        guard !stopped else { return }
        stopped = true
        if let output { close(output) }
        guard !reaped else { return }
        kill(pid, SIGTERM)
        var exitStatus: Int32 = 0
        waitpid(pid, &exitStatus, 0)
        reaped = true
    }
}
