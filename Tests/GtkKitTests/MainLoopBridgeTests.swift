import CGtk
import Dispatch
import Foundation
import GtkKit
import XCTest

/// Swift concurrency on the main actor runs while GLib iterates, once the bridge is in.
final class MainLoopBridgeTests: XCTestCase {
    override func setUpWithError() throws { try GtkTestSupport.requireGtk() }

    func testMainActorTaskRunsOnlyWithTheBridge() throws {
        onMain {
            // Control: without the bridge, iterating GLib never drains the main queue.
            MainLoopBridge.uninstall()
            defer { MainLoopBridge.install() }
            var ran = false
            Task { @MainActor in ran = true }
            let end = g_get_monotonic_time() + 300_000
            Gtk.iterate(until: { g_get_monotonic_time() > end }, timeout: 1)
            XCTAssertFalse(ran, "the task ran without the bridge; the control is broken")

            MainLoopBridge.install()
            XCTAssertTrue(Gtk.iterate(until: { ran }, timeout: 5), "main-actor task never ran under GLib")
        }
    }

    func testAwaitHopsBackAndDispatchMainRuns() throws {
        onMain {
            var hoppedBackOnMain: Bool?
            var value = 0
            var dispatched = false
            Task { @MainActor in
                value = await Task.detached { 6 * 7 }.value
                hoppedBackOnMain = Thread.isMainThread
            }
            DispatchQueue.main.async { dispatched = true }
            XCTAssertTrue(Gtk.iterate(until: { hoppedBackOnMain != nil && dispatched }, timeout: 5))
            XCTAssertEqual(value, 42)
            XCTAssertEqual(hoppedBackOnMain, true)
        }
    }

    func testBridgeDoesNotSpin() throws {
        onMain {
            // With nothing queued, a blocking-free iteration must find nothing to do: a spinning
            // eventfd source would report pending work on every call.
            Gtk.drainEvents()
            var busy = 0
            for _ in 0..<50 where g_main_context_iteration(nil, 0) != 0 { busy += 1 }
            XCTAssertLessThan(busy, 10, "the main-queue source keeps firing (eventfd not read?)")
        }
    }

    func testTasksRunUnderApplicationRun() throws {
        onMain {
            let app = Application(id: "org.gtkkit.BridgeTest", nonUnique: true)
            var steps: [String] = []
            app.onActivate {
                steps.append("activate")
                app.hold() // no window: keep running until the task quits
                Task { @MainActor in
                    steps.append("task")
                    try? await Task.sleep(for: .milliseconds(20))
                    let v = await Task.detached { 1 + 1 }.value
                    steps.append("after-await-\(v)")
                    DispatchQueue.main.async {
                        steps.append("dispatch")
                        app.release()
                        app.quit()
                    }
                }
            }
            let status = app.run(arguments: ["gtkkit-tests"])
            XCTAssertEqual(status, 0)
            XCTAssertEqual(steps, ["activate", "task", "after-await-2", "dispatch"])
        }
    }
}
