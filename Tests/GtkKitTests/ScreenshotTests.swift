import CGtk
import Foundation
import GtkKit
import XCTest

/// Builds the shape of a GNOME list app from GtkKit parts (header bar, sidebar, table, empty
/// state, toast) and leaves screenshots in light and dark style for people to look at.
final class ScreenshotTests: XCTestCase {
    override func setUpWithError() throws { try GtkTestSupport.requireGtk() }

    @MainActor
    private static func makeWindow() -> (Window, ToastOverlay, ColumnView) {
        let header = HeaderBar()
        let add = Button(iconName: "list-add-symbolic", accessibleLabel: "New item")
        header.packStart(add)
        let menu = Menu()
        menu.append("_Preferences", action: "app.preferences")
        let menuButton = MenuButton(iconName: "open-menu-symbolic", accessibleLabel: "Main menu")
        menuButton.setMenu(menu)
        header.packEnd(menuButton)

        let sidebar = ListBox.sidebar()
        sidebar.appendSidebarRow(title: "Upcoming", iconName: "x-office-calendar-symbolic", tag: "upcoming")
        sidebar.appendSidebarRow(title: "Archive", iconName: "folder-symbolic", tag: "archive")
        sidebar.selectRow(tagged: "upcoming")
        sidebar.setSizeRequest(width: 180)

        let keys = KeyListModel(keys: (1...500).map { Int64($0) })
        let table = ColumnView(model: SingleSelection(model: keys))
        table.addLabelColumn(title: "Title", expand: true, sortable: true) { $0.text = "Event number \($1)" }
        table.addLabelColumn(title: "Date", sortable: true) { label, key in
            label.text = CalendarDate(year: 2025, month: Int(key % 12) + 1, day: Int(key % 28) + 1).iso8601
        }
        table.setAccessibleLabel("Events")
        table.sort(byColumn: 1, ascending: false)

        let stack = ViewStack()
        stack.addTitled(ScrolledWindow(child: table), name: "list", title: "List")
        stack.addTitled(StatusPage(title: "No Events", description: "Create one with the + button",
                                   iconName: "x-office-calendar-symbolic"), name: "empty", title: "Empty")
        stack.visibleChildName = "list"
        stack.hexpand = true

        let body = Box.horizontal()
        body.append(sidebar)
        body.append(stack)
        body.vexpand = true
        let content = Box.vertical()
        content.append(header)
        content.append(body)
        let overlay = ToastOverlay(child: content)

        let window = Window()
        window.title = "GtkKit"
        window.defaultSize = (900, 560)
        window.setChild(overlay)
        return (window, overlay, table)
    }

    func testAppShapedWindowInLightAndDark() throws {
        try onMain {
            defer { StyleManager.followSystem() }
            for (scheme, name) in [(ADW_COLOR_SCHEME_FORCE_LIGHT, "light"), (ADW_COLOR_SCHEME_FORCE_DARK, "dark")] {
                StyleManager.setColorScheme(scheme)
                let (window, overlay, table) = Self.makeWindow()
                var undone = false
                overlay.showToast("Event deleted", timeout: 0, button: "Undo") { undone = true }
                window.present()
                XCTAssertTrue(Screenshot.waitUntilDrawn(window), "window never drew")
                XCTAssertEqual(table.currentSort.columnIndex, 1)
                XCTAssertEqual(StyleManager.isDark, name == "dark")

                let path = GtkTestSupport.screenshotDirectory + "/app-shape-\(name).png"
                try? FileManager.default.removeItem(atPath: path)
                try Screenshot.savePNG(window, to: path)
                let texture = try XCTUnwrap(gdk_texture_new_from_filename(path, nil))
                XCTAssertEqual(gdk_texture_get_width(texture), gint(window.allocatedWidth))
                g_object_unref(UnsafeMutableRawPointer(texture))
                XCTAssertFalse(undone)
                // Click the toast's real Undo button, as a person would.
                let undo = try XCTUnwrap(overlay.firstDescendant { $0.as(Button.self)?.label == "Undo" }?.as(Button.self))
                undo.click()
                XCTAssertTrue(undone, "the Undo button did not reach the closure")
                window.destroy()
            }
        }
    }

    func testScreenshotOfUnrealizedWidgetFails() throws {
        try onMain {
            XCTAssertThrowsError(try Screenshot.savePNG(Label("nowhere"), to: "/tmp/never.png"))
        }
    }
}
