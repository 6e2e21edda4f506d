import Foundation
import GtkKit

/// With STEWARD_REPORT_FIRST_PAINT=1, prints `first-paint` on stdout once, right after the
/// first frame that shows event rows: the moment launch-time benchmarks measure to.
@MainActor
enum FirstPaintReport {
    private static var pending = ProcessInfo.processInfo.environment["STEWARD_REPORT_FIRST_PAINT"] == "1"

    static func rowsShown(in window: Widget) {
        guard pending else { return }
        pending = false
        NextPaint.after(window) {
            FileHandle.standardOutput.write(Data("first-paint\n".utf8))
        }
    }
}
