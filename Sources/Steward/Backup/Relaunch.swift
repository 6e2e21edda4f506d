import Foundation

/// Starts Steward again in this process's place, with the same arguments and environment: after
/// a restore, every page and service reads the restored database from the start.
enum Relaunch {
    static func now() -> Never {
        _ = execv("/proc/self/exe", CommandLine.unsafeArgv)
        // Only when exec failed: leave, rather than go on over a closed database.
        exit(1)
    }
}
