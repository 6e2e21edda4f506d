import CGtk
import GtkKit
import XCTest

/// Signal closures are boxed, retained by GLib, and released when the connection ends.
final class SignalLifetimeTests: XCTestCase {
    override func setUpWithError() throws { try GtkTestSupport.requireGtk() }

    func testHandlerRunsAndIsReleasedWithTheWidget() throws {
        onMain {
            weak var watched: Sentinel?
            var clicks = 0
            do {
                let sentinel = Sentinel()
                watched = sentinel
                let button = Button(label: "Save")
                button.onClicked { withExtendedLifetime(sentinel) { clicks += 1 } }
                button.click()
                button.click()
                XCTAssertEqual(clicks, 2)
                XCTAssertEqual(button.referenceCount, 1, "the wrapper should hold the only reference")
            }
            // The button's last reference went with its wrapper: finalize ran the destroy notify.
            Gtk.iterate(until: { watched == nil }, timeout: 2)
            XCTAssertNil(watched, "signal box leaked: the captured object is still alive")
        }
    }

    func testHandlerIsKeptWhileTheWidgetLives() throws {
        onMain {
            weak var watched: Sentinel?
            let box = Box.vertical()
            do {
                let sentinel = Sentinel()
                watched = sentinel
                let button = Button(label: "Keep")
                button.onClicked { withExtendedLifetime(sentinel) {} }
                box.append(button) // the parent keeps the button (and its handlers) alive
            }
            Gtk.drainEvents()
            XCTAssertNotNil(watched, "the handler must live as long as the widget")
            // Removing the child drops the last reference.
            if let child = gtk_widget_get_first_child(box.widget) {
                gtk_box_remove(box.box, child)
            }
            Gtk.iterate(until: { watched == nil }, timeout: 2)
            XCTAssertNil(watched)
        }
    }

    func testWindowCloseRequestHandlerReleasedAfterDestroy() throws {
        onMain {
            weak var watched: Sentinel?
            var closeRequests = 0
            do {
                let sentinel = Sentinel()
                watched = sentinel
                let window = Window()
                window.onCloseRequest {
                    withExtendedLifetime(sentinel) { closeRequests += 1 }
                    return closeRequests == 1 // keep open the first time only
                }
                window.present()
                window.close()
                XCTAssertEqual(closeRequests, 1)
                XCTAssertTrue(window.isVisible, "returning true must keep the window open")
                window.close()
                XCTAssertEqual(closeRequests, 2)
                window.destroy()
            }
            Gtk.iterate(until: { watched == nil }, timeout: 2)
            XCTAssertNil(watched)
        }
    }

    func testDisconnectReleasesImmediately() throws {
        onMain {
            weak var watched: Sentinel?
            let button = Button(label: "x")
            var clicks = 0
            let id: SignalHandlerID
            do {
                let sentinel = Sentinel()
                watched = sentinel
                id = button.onClicked { withExtendedLifetime(sentinel) { clicks += 1 } }
            }
            XCTAssertNotNil(watched)
            button.disconnect(id)
            XCTAssertNil(watched)
            button.click()
            XCTAssertEqual(clicks, 0)
        }
    }

    func testNotifyHandler() throws {
        onMain {
            let label = Label("a")
            var notified = 0
            label.onNotify("label") { notified += 1 }
            label.text = "b"
            XCTAssertEqual(notified, 1)
        }
    }
}
