import CGtk
import Foundation
import GtkKit
import XCTest

/// The stall meter sees a main loop that stops running, and nothing when the loop is free.
final class StallMeterTests: XCTestCase {
    override func setUpWithError() throws { try GtkTestSupport.requireGtk() }

    func testMeasuresABlockedLoop() throws {
        onMain {
            let meter = StallMeter()
            meter.start()
            runLoop(milliseconds: 60)
            // A handler that holds the loop for 120 ms, as a slow database call on the main
            // thread would.
            let blocker = Timeout(every: 1) {
                g_usleep(120_000)
                return false
            }
            // Long enough for the block and the late tick that follows it.
            runLoop(milliseconds: 250)
            meter.stop()
            XCTAssertFalse(blocker.isActive)
            XCTAssertGreaterThanOrEqual(meter.figures.longestMilliseconds, 100)
            XCTAssertGreaterThanOrEqual(meter.figures.overThreshold, 1)
        }
    }

    func testIdleLoopShowsNoStall() throws {
        onMain {
            let meter = StallMeter()
            meter.start()
            runLoop(milliseconds: 400)
            meter.stop()
            XCTAssertGreaterThan(meter.figures.ticks, 10, "the meter hardly ticked")
            XCTAssertLessThan(meter.figures.longestMilliseconds, 50)
            XCTAssertEqual(meter.figures.overThreshold, 0)
        }
    }

    func testSchedulesNothingWhenStopped() throws {
        onMain {
            let meter = StallMeter()
            runLoop(milliseconds: 50)
            XCTAssertEqual(meter.figures.ticks, 0, "a meter never started ticked")
            meter.start()
            XCTAssertTrue(meter.isRunning)
            runLoop(milliseconds: 60)
            meter.stop()
            XCTAssertFalse(meter.isRunning)
            let ticks = meter.figures.ticks
            XCTAssertGreaterThan(ticks, 0)
            runLoop(milliseconds: 60)
            XCTAssertEqual(meter.figures.ticks, ticks, "a stopped meter went on ticking")
            meter.reset()
            XCTAssertEqual(meter.figures, StallMeter.Figures())
        }
    }

    func testFiguresAsJSON() {
        let figures = StallMeter.Figures(longestMilliseconds: 123.456, overThreshold: 2, ticks: 900)
        let json = figures.json(thresholdMilliseconds: 50)
        XCTAssertEqual(json, #"{"longest_ms":123.5,"over_50ms":2,"ticks":900}"#)
        let parsed = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        XCTAssertEqual(parsed?["ticks"] as? Int, 900)
    }

    func testPeriodsInJSON() {
        let figures = StallMeter.Figures(longestMilliseconds: 80, overThreshold: 1, ticks: 200)
        XCTAssertEqual(figures.json(thresholdMilliseconds: 50, periods: [3.04, 80]),
                       #"{"longest_ms":80.0,"over_50ms":1,"ticks":200,"periods_ms":[3.0,80.0]}"#)
    }

    /// Each period has its own longest stall: a blocked loop shows in the period it fell in,
    /// not in the next, and still in the whole run's figures.
    func testMarkEndsAPeriod() throws {
        onMain {
            let meter = StallMeter()
            meter.start()
            runLoop(milliseconds: 40)
            let blocker = Timeout(every: 1) {
                g_usleep(120_000)
                return false
            }
            runLoop(milliseconds: 250)
            XCTAssertFalse(blocker.isActive)
            XCTAssertGreaterThanOrEqual(meter.mark(), 100, "the blocked period")
            // No tick since: the new period has seen no stall, while the whole run keeps it.
            XCTAssertEqual(meter.mark(), 0, "the period after kept the earlier stall")
            XCTAssertGreaterThanOrEqual(meter.figures.longestMilliseconds, 100)
            meter.stop()
        }
    }

    func testTimeoutRepeatsUntilItSaysStopAndEndsWithItsOwner() throws {
        onMain {
            var calls = 0
            let repeating = Timeout(every: 1) {
                calls += 1
                return calls < 3
            }
            XCTAssertTrue(Gtk.iterate(until: { calls == 3 }, timeout: 2))
            runLoop(milliseconds: 20)
            XCTAssertEqual(calls, 3)
            XCTAssertFalse(repeating.isActive)

            var dropped = 0
            var owner: Timeout? = Timeout(every: 1) {
                dropped += 1
                return true
            }
            XCTAssertTrue(owner?.isActive ?? false)
            owner = nil
            runLoop(milliseconds: 20)
            XCTAssertEqual(dropped, 0, "a dropped timeout still ran")
        }
    }
}

/// Runs the main loop for `milliseconds` of wall time.
@MainActor
private func runLoop(milliseconds: gint64) {
    let end = g_get_monotonic_time() + milliseconds * 1000
    Gtk.iterate(until: { g_get_monotonic_time() > end }, timeout: Double(milliseconds) / 1000 + 1)
}
