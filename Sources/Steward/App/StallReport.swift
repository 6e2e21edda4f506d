import Foundation
import GtkKit

/// With STEWARD_STALL_REPORT=PATH, measures how long the main loop ever goes without running
/// and writes `{"longest_ms":…,"over_50ms":…,"ticks":…}` to PATH every second and on exit, so
/// a benchmark can read it while the app runs; `periods_ms` holds each second's longest stall,
/// so a benchmark can tell which of its steps stalled. Measuring starts once the window's first frame
/// is painted: building the window is launch time, which has a benchmark of its own. Without
/// the variable nothing is measured or scheduled.
@MainActor
final class StallReport {
    private let path: String
    private let meter = StallMeter()
    private var writer: Timeout?
    private var periods: [Double] = []
    /// Writes go to a file a benchmark may be reading: each is a whole new file, renamed into
    /// place, made on a queue of its own so the disk never holds up the main loop.
    private let queue = DispatchQueue(label: "steward.stall-report", qos: .utility)

    private init(path: String) {
        self.path = path
    }

    /// The report the environment asks for (nil when it asks for none); it measures from the
    /// first frame `window` paints.
    static func startIfRequested(after window: Widget,
                                 environment: [String: String] = ProcessInfo.processInfo.environment) -> StallReport? {
        guard let path = environment["STEWARD_STALL_REPORT"], !path.isEmpty else { return nil }
        let report = StallReport(path: path)
        report.write()
        NextPaint.after(window) { [weak report] in report?.start() }
        return report
    }

    private func start() {
        meter.start()
        writer = Timeout(every: 1000, priority: .low) { [weak self] in
            self?.endPeriod()
            self?.write()
            return self != nil
        }
    }

    /// The final figures, written before the process ends.
    func finish() {
        writer?.cancel()
        endPeriod()
        meter.stop()
        let json = meter.figures.json(thresholdMilliseconds: meter.thresholdMilliseconds, periods: periods)
        queue.sync { Self.save(json, to: path) }
    }

    private func endPeriod() {
        if meter.isRunning { periods.append(meter.mark()) }
    }

    private func write() {
        let json = meter.figures.json(thresholdMilliseconds: meter.thresholdMilliseconds, periods: periods)
        let path = self.path
        queue.async { Self.save(json, to: path) }
    }

    private nonisolated static func save(_ json: String, to path: String) {
        do {
            try Data((json + "\n").utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            FileHandle.standardError.write(Data("steward: cannot write the stall report to \(path): \(error)\n".utf8))
        }
    }
}
