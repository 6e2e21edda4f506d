import Foundation
import StewardCore

// steward-bench: the figures behind Steward's speed goals, each compared with a baseline
// measured in the same run on the same machine.
//   steward-bench [--events N] [--runs N] [--insert N] [--skip-launch] [--compare-with STEWARD [--compare-resources BUNDLE]]
//   steward-bench --sync [--push N] [--pull N] [--postgres URL]
//   steward-bench --stall [--changes N] [--deadline S]
//   steward-bench --approvals [--submissions N] [--approve N]
//   steward-bench --schedules [--classes N] [--appointments N] [--rounds N]
//   steward-bench --schedule-stall [--classes N] [--rounds N]
//   steward-bench --library [--books N] [--loans N] [--import N]
//   steward-bench --bulk [--import N] [--insert N] [--grants N] [--rounds N]
//   steward-bench --calendar [--series N] [--runs N]
//   steward-bench --repeating [--count N] [--runs N]
//   steward-bench --rides [--passengers N] [--drivers N] [--seed N]
//   steward-bench --passport [--members N] [--events N] [--entries N] [--postgres URL [--keep]]
//   steward-bench --notifications [--devices N]
//   steward-bench --backup [--records N]

if CommandLine.arguments.contains("--approvals") {
    exit(MainActor.assumeIsolated { ApprovalBenchmark.run(arguments: CommandLine.arguments) })
}

if CommandLine.arguments.contains("--rides") {
    exit(RidesBenchmark.run(arguments: CommandLine.arguments))
}
if CommandLine.arguments.contains("--passport") {
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var met = false
    Task.detached {
        do {
            met = try await PassportBenchmark.run(arguments: CommandLine.arguments)
        } catch {
            say("steward-bench --passport: \(error)")
        }
        done.signal()
    }
    done.wait()
    exit(met ? 0 : 1)
}

if CommandLine.arguments.contains("--backup") {
    do {
        exit(try BackupBenchmark.run(arguments: CommandLine.arguments) ? 0 : 1)
    } catch {
        say("steward-bench --backup: \(error)")
        exit(1)
    }
}

if CommandLine.arguments.contains("--minimal-window") {
    exit(MainActor.assumeIsolated { MinimalWindow.run() })
}

// The benchmarks await the core's services; the main thread just waits for them.
let finished = DispatchSemaphore(value: 0)
nonisolated(unsafe) var status: Int32 = 0
Task.detached {
    do {
        status = try await Benchmarks.runAll() ? 0 : 1
    } catch {
        FileHandle.standardError.write(Data("steward-bench: \(error)\n".utf8))
        status = 1
    }
    finished.signal()
}
finished.wait()
exit(status)
