import CGtk
import Foundation
import GtkKit
import XCTest

/// The widgets of sign-in forms, progress and side-by-side comparisons.
final class FormAndFeedbackTests: XCTestCase {
    override func setUpWithError() throws { try GtkTestSupport.requireGtk() }

    func testPasswordEntryHoldsTextAndActivatesTheDefault() throws {
        onMain {
            let window = Window()
            defer { window.destroy() }
            let box = Box.vertical()
            let password = PasswordEntry()
            password.showsPeekIcon = true
            password.setActivatesDefault(true)
            let signIn = Button(label: "Sign _In")
            var clicks = 0
            signIn.onClicked { clicks += 1 }
            box.append(password)
            box.append(signIn)
            window.setChild(box)
            window.setDefaultWidget(signIn)
            XCTAssertEqual(window.defaultWidget, signIn)

            password.text = "lantern-orchard-47"
            XCTAssertEqual(password.text, "lantern-orchard-47")
            XCTAssertTrue(password.showsPeekIcon)
            var activations = 0
            password.onActivate { activations += 1 }
            cgtk_signal_emit_void(password.raw, "activate")
            XCTAssertEqual(activations, 1)
            window.setDefaultWidget(nil)
            XCTAssertNil(window.defaultWidget)
        }
    }

    /// A field's problem reaches screen readers three ways: the field is invalid, its
    /// error-message and described-by relations point at the label showing the problem, and the
    /// text is its description. All three go once the problem is fixed.
    func testAProblemIsTiedToItsField() throws {
        onMain {
            let window = Window()
            defer { window.destroy() }
            let box = Box.vertical()
            let field = Entry()
            let message = Label("Must be a secure address starting with https://")
            box.append(field)
            box.append(message)
            window.setChild(box)
            let accessible = OpaquePointer(field.raw)

            field.tieProblem(message)
            XCTAssertNotEqual(gtk_test_accessible_has_relation(accessible, GTK_ACCESSIBLE_RELATION_ERROR_MESSAGE), 0)
            XCTAssertNotEqual(gtk_test_accessible_has_relation(accessible, GTK_ACCESSIBLE_RELATION_DESCRIBED_BY), 0)
            XCTAssertNotEqual(gtk_test_accessible_has_state(accessible, GTK_ACCESSIBLE_STATE_INVALID), 0)
            XCTAssertNotEqual(gtk_test_accessible_has_property(accessible, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION), 0)

            field.tieProblem(nil)
            XCTAssertEqual(gtk_test_accessible_has_relation(accessible, GTK_ACCESSIBLE_RELATION_ERROR_MESSAGE), 0)
            XCTAssertEqual(gtk_test_accessible_has_relation(accessible, GTK_ACCESSIBLE_RELATION_DESCRIBED_BY), 0)
        }
    }

    func testSpinnerAndProgressBar() throws {
        onMain {
            let spinner = Spinner()
            spinner.setActive(true)
            XCTAssertTrue(spinner.isSpinning)
            XCTAssertTrue(spinner.isVisible)
            spinner.setActive(false)
            XCTAssertFalse(spinner.isSpinning)
            XCTAssertFalse(spinner.isVisible, "a stopped spinner is hidden, so it costs no frames")

            let bar = ProgressBar()
            bar.fraction = 0.25
            XCTAssertEqual(bar.fraction, 0.25, accuracy: 1e-9)
            bar.fraction = 7
            XCTAssertEqual(bar.fraction, 1, accuracy: 1e-9, "fractions are clamped to 0...1")
            bar.text = "25 percent"
            bar.showsText = true
            XCTAssertEqual(bar.text, "25 percent")
            XCTAssertTrue(bar.showsText)
        }
    }

    func testGridPlacesAndClearsRowsBelowTheHeader() throws {
        onMain {
            let grid = Grid(rowSpacing: 6, columnSpacing: 12)
            let header = Label("Field")
            grid.attach(header, column: 0, row: 0, width: 3)
            for row in 1...3 {
                grid.attach(Label("name \(row)"), column: 0, row: row)
                grid.attach(Label("mine \(row)"), column: 1, row: row)
                grid.attach(Label("theirs \(row)"), column: 2, row: row)
            }
            XCTAssertEqual(grid.child(column: 2, row: 3)?.as(Label.self)?.text, "theirs 3")
            XCTAssertEqual(grid.children.count, 10)
            grid.removeRows(from: 1)
            XCTAssertEqual(grid.children.count, 1)
            XCTAssertEqual(grid.child(column: 0, row: 0), header)
            XCTAssertNil(grid.child(column: 1, row: 1))
        }
    }

    func testListPlaceholderAndAlignment() throws {
        onMain {
            let list = ListBox.boxed()
            let empty = Label("No conflicts")
            list.setPlaceholder(empty)
            XCTAssertTrue(list.rows.isEmpty)
            XCTAssertEqual(empty.parent, list, "the placeholder lives in the list")
            list.append(Label("Choir Rehearsal"))
            XCTAssertEqual(list.rows.count, 1)

            let badge = Label("3")
            badge.verticalAlignment = .center
            badge.horizontalAlignment = .end
            XCTAssertEqual(badge.verticalAlignment, .center)
            XCTAssertEqual(badge.horizontalAlignment, .end)
            XCTAssertEqual(badge.valign, GTK_ALIGN_CENTER)
        }
    }

    func testLabelWrappingAndWidths() throws {
        onMain {
            let label = Label("https://example.org/a/very/long/address/that/needs/to/wrap")
            label.wrapsAnywhere = true
            XCTAssertTrue(label.wraps)
            XCTAssertTrue(label.wrapsAnywhere)
            XCTAssertEqual(gtk_label_get_wrap_mode(label.opaque), PANGO_WRAP_WORD_CHAR)
            label.wrapsAnywhere = false
            XCTAssertFalse(label.wrapsAnywhere)
            label.widthChars = 20
            label.maxWidthChars = 30
            XCTAssertEqual(label.widthChars, 20)
            XCTAssertEqual(label.maxWidthChars, 30)
        }
    }

    func testTextButtonShowsItsTextAndClicks() throws {
        onMain {
            let button = Button(label: "_Resolve…", accessibleLabel: "Resolve conflict: Choir Rehearsal")
            let text = button.children.first?.as(Label.self)
            XCTAssertEqual(text?.text, "Resolve…", "the mnemonic underscore is not shown")
            var clicks = 0
            button.onClicked { clicks += 1 }
            button.click()
            XCTAssertEqual(clicks, 1)

            let status = Label("Signed out")
            status.keepAccessibleName("Sync status")
            status.text = "All changes sent"
            XCTAssertEqual(status.text, "All changes sent", "the fixed name leaves the text alone")
        }
    }
}
