import CGtk
import Foundation
import GtkKit
import XCTest

/// The shape of an editor dialog: a modal AdwWindow with a header bar, a preferences group of
/// entry rows, and a date field.
final class EditorShapeTests: XCTestCase {
    override func setUpWithError() throws { try GtkTestSupport.requireGtk() }

    func testDateButtonReportsPickedDaysOnly() throws {
        onMain {
            let field = DateButton(placeholder: "No due date", accessibleLabel: "Due date")
            var changes: [CalendarDate?] = []
            field.onDateChanged { changes.append($0) }
            XCTAssertEqual(field.button.label, "No due date")

            field.date = CalendarDate(year: 2025, month: 3, day: 14) // set in code: not reported
            XCTAssertEqual(field.button.label, "2025-03-14")
            XCTAssertEqual(field.calendar.date, CalendarDate(year: 2025, month: 3, day: 14))
            XCTAssertTrue(changes.isEmpty)

            field.calendar.date = CalendarDate(year: 2025, month: 4, day: 1) // as a click would
            XCTAssertEqual(field.date, CalendarDate(year: 2025, month: 4, day: 1))
            XCTAssertEqual(changes, [CalendarDate(year: 2025, month: 4, day: 1)])

            field.clear()
            XCTAssertNil(field.date)
            XCTAssertEqual(field.button.label, "No due date")
            XCTAssertEqual(changes.count, 2)
            XCTAssertNil(changes.last ?? CalendarDate(year: 1, month: 1, day: 1))
        }
    }

    func testEditorWindowScreenshot() throws {
        try onMain {
            let parent = Window()
            parent.defaultSize = (800, 600)
            parent.present()
            defer { parent.destroy() }

            let editor = ContentWindow(parent: parent, title: "Edit Event")
            editor.defaultSize = (420, 380)
            let header = HeaderBar()
            let cancel = Button(label: "_Cancel")
            let save = Button(label: "_Save")
            save.addCSSClass("suggested-action")
            header.packStart(cancel)
            header.packEnd(save)

            let group = PreferencesGroup(title: "Event")
            let title = EntryRow(title: "Title")
            title.text = "Quarterly review"
            let place = EntryRow(title: "Location")
            let due = DateButton(date: CalendarDate(year: 2025, month: 6, day: 30), placeholder: "No date", accessibleLabel: "Date")
            due.button.valign = GTK_ALIGN_CENTER
            let dateRow = ActionRow(title: "Date")
            dateRow.addSuffix(due.button)
            group.add(title)
            group.add(place)
            group.add(dateRow)
            group.setMargins(12)

            let body = Box.vertical()
            body.append(header)
            body.append(group)
            editor.content = body
            XCTAssertTrue(editor.isModal)
            editor.present()
            XCTAssertTrue(Screenshot.waitUntilDrawn(editor))
            XCTAssertNotNil(editor.content)

            let path = GtkTestSupport.screenshotDirectory + "/editor-dialog.png"
            try Screenshot.savePNG(editor, to: path)
            XCTAssertTrue(FileManager.default.fileExists(atPath: path))

            var closed = false
            editor.onCloseRequest { closed = true; return false }
            editor.close()
            XCTAssertTrue(closed)
            XCTAssertTrue(Gtk.iterate(until: { !editor.isVisible }, timeout: 2))
        }
    }
}
