import CGtk
import Foundation
import GtkKit
import XCTest

final class WidgetTests: XCTestCase {
    override func setUpWithError() throws { try GtkTestSupport.requireGtk() }

    private static let ui = """
    <?xml version="1.0" encoding="UTF-8"?>
    <interface>
      <object class="GtkWindow" id="window">
        <property name="title">Builder test</property>
        <child>
          <object class="GtkBox" id="box">
            <property name="orientation">vertical</property>
            <child><object class="GtkLabel" id="heading"><property name="label">Hello</property></object></child>
            <child><object class="GtkButton" id="save"><property name="label">Save</property>
              <property name="action-name">editor.save</property></object></child>
            <child><object class="GtkEntry" id="name"/></child>
          </object>
        </child>
      </object>
    </interface>
    """

    func testBuilderTypedLookupAndActions() throws {
        try onMain {
            let builder = try Builder(string: Self.ui)
            let window = builder.object("window", as: Window.self)
            defer { window.destroy() }
            XCTAssertEqual(window.title, "Builder test")
            XCTAssertEqual(builder.object("heading", as: Label.self).text, "Hello")
            XCTAssertNil(builder.lookup("heading", as: Button.self), "type mismatch must not wrap")
            XCTAssertNil(builder.lookup("missing", as: Label.self))
            let save = builder.object("save", as: Button.self)
            XCTAssertEqual(save.actionName, "editor.save")

            let group = ActionGroup()
            var saves = 0
            let action = group.addAction("save") { saves += 1 }
            window.insertActionGroup(group, prefix: "editor")
            save.click()
            XCTAssertEqual(saves, 1)

            action.isEnabled = false
            Gtk.drainEvents()
            XCTAssertFalse(gtk_widget_is_sensitive(save.widget) != 0, "a disabled action greys out its button")
            action.isEnabled = true

            var toggles: [Bool] = []
            let toggle = group.addToggleAction("show-done", initial: false) { toggles.append($0) }
            g_action_group_activate_action(group.opaque, "show-done", nil)
            g_action_group_activate_action(group.opaque, "show-done", nil)
            XCTAssertEqual(toggles, [true, false])
            XCTAssertFalse(toggle.boolState)

            var opened: [Int64] = []
            group.addAction("open", parameter: .int64) { if let id = $0.int64 { opened.append(id) } }
            g_action_group_activate_action(group.opaque, "open", g_variant_new_int64(42))
            XCTAssertEqual(opened, [42])
            XCTAssertEqual(group.action(named: "open")?.name, "open")
        }
    }

    /// A text button keeps its mnemonic and is named once, as it reads ("Save", not "_Save Save").
    func testTextButtonIsNamedOnceWithItsMnemonic() throws {
        onMain {
            let save = Button(label: "_Save")
            XCTAssertEqual(save.label, "_Save")
            XCTAssertNotEqual(gtk_test_accessible_has_property(OpaquePointer(save.raw), GTK_ACCESSIBLE_PROPERTY_LABEL), 0)
            let child = gtk_button_get_child(save.button)
            XCTAssertNotNil(child)
            XCTAssertEqual(gtk_label_get_use_underline(OpaquePointer(child)), 1)
            save.label = "Save __draft"
            XCTAssertEqual(save.label, "Save __draft")
        }
    }

    func testBuilderRejectsInvalidXML() throws {
        try onMain {
            XCTAssertThrowsError(try Builder(string: "<interface><object class=\"NoSuchWidget\"/></interface>"))
            XCTAssertThrowsError(try Builder(file: "/nonexistent/file.ui"))
        }
    }

    func testApplicationAccelerators() throws {
        onMain {
            let app = Application(id: "org.gtkkit.AccelTest", nonUnique: true)
            // Accelerators need a registered application; startup does that inside run().
            var accels: [String] = []
            app.onStartup {
                app.addAction("quit") { app.quit() }
                app.setAccels(["<Control>q"], for: "app.quit")
                accels = app.accels(for: "app.quit")
            }
            var saved = 0
            var activeWindowTitle: String?
            app.onActivate {
                let window = ApplicationWindow(application: app)
                window.title = "Main"
                window.content = Label("content")
                window.addAction("save") { saved += 1 }
                window.present()
                activeWindowTitle = app.activeWindow?.title
                // "win." actions resolve from any widget inside the window.
                window.content?.activateAction("win.save")
                window.destroy()
                app.quit()
            }
            XCTAssertEqual(app.run(arguments: ["x"]), 0)
            XCTAssertEqual(accels, ["<Control>q"])
            XCTAssertEqual(saved, 1)
            XCTAssertEqual(activeWindowTitle, "Main")
        }
    }

    func testToastUndoRunsClosure() throws {
        onMain {
            let overlay = ToastOverlay(child: Label("content"))
            var undone = 0
            var dismissed = false
            let toast = overlay.showToast("Item deleted", button: "Undo") { undone += 1 }
            toast.onDismissed { dismissed = true }
            XCTAssertEqual(toast.title, "Item deleted")
            XCTAssertEqual(toast.timeout, 5)
            cgtk_signal_emit_void(toast.raw, "button-clicked")
            XCTAssertEqual(undone, 1)
            toast.dismiss()
            XCTAssertTrue(dismissed)
        }
    }

    func testMessageDialogResponse() throws {
        onMain {
            let parent = Window()
            defer { parent.destroy() }
            let dialog = MessageDialog(parent: parent, heading: "Delete item?", body: "This cannot be undone.")
            dialog.addResponse("cancel", "_Cancel")
            dialog.addResponse("delete", "_Delete", appearance: .destructive)
            dialog.defaultResponse = "cancel"
            dialog.closeResponse = "cancel"
            var responses: [String] = []
            dialog.present { responses.append($0) }
            dialog.respond("delete")
            XCTAssertEqual(responses, ["delete"])
            XCTAssertEqual(dialog.heading, "Delete item?")
            XCTAssertEqual(dialog.body, "This cannot be undone.")
        }
    }

    func testEditableWidgets() throws {
        onMain {
            let entry = Entry(placeholder: "Name")
            var changes = 0
            entry.onChanged { changes += 1 }
            entry.text = "Alice"
            XCTAssertEqual(entry.text, "Alice")
            XCTAssertEqual(changes, 1)
            XCTAssertEqual(entry.placeholder, "Name")

            let search = SearchEntry(placeholder: "Search")
            search.text = "query"
            XCTAssertEqual(search.text, "query")

            let row = EntryRow(title: "Title")
            row.text = "Standup"
            XCTAssertEqual(row.text, "Standup")
            XCTAssertEqual(row.title, "Title")

            let text = TextView()
            var textChanges = 0
            text.onChanged { textChanges += 1 }
            text.text = "line 1\nline 2 é"
            XCTAssertEqual(text.text, "line 1\nline 2 é")
            XCTAssertEqual(textChanges, 1)

            let spin = SpinButton(min: 0, max: 10)
            var spun: [Double] = []
            spin.onValueChanged { spun.append($0) }
            spin.value = 20 // clamped
            XCTAssertEqual(spin.intValue, 10)
            XCTAssertEqual(spun, [10])
        }
    }

    func testTogglesAndDropDown() throws {
        onMain {
            let check = CheckButton(label: "_Done")
            var toggled: [Bool] = []
            check.onToggled { toggled.append($0) }
            check.isActive = true
            XCTAssertEqual(toggled, [true])

            let toggle = Switch()
            var states: [Bool] = []
            toggle.onActiveChanged { states.append($0) }
            toggle.isActive = true
            toggle.isActive = false
            XCTAssertEqual(states, [true, false])

            let drop = DropDown(strings: ["Low", "Normal", "High"])
            var picks: [Int?] = []
            drop.onSelectionChanged { picks.append($0) }
            XCTAssertTrue(drop.select("High"))
            XCTAssertFalse(drop.select("Urgent"))
            XCTAssertEqual(drop.selectedIndex, 2)
            XCTAssertEqual(drop.selectedString, "High")
            XCTAssertEqual(picks.last, 2)
            // Texts changed in place keep the selection, the selected one's own included.
            drop.updateStrings(["Low", "Normal", "Highest"])
            XCTAssertEqual(drop.strings, ["Low", "Normal", "Highest"])
            XCTAssertEqual(drop.selectedIndex, 2)
            drop.selectedIndex = 0
            drop.updateStrings(["Lowest", "Normal", "Highest"])
            XCTAssertEqual(drop.selectedString, "Lowest")
            drop.setStrings(["A", "B"])
            XCTAssertEqual(drop.strings, ["A", "B"])
        }
    }

    func testCalendarDates() throws {
        try onMain {
            XCTAssertNil(CalendarDate(iso8601: "2023-02-29"))
            XCTAssertNil(CalendarDate(iso8601: "2024-2-9"))
            let leap = try XCTUnwrap(CalendarDate(iso8601: "2024-02-29"))
            XCTAssertEqual(leap.iso8601, "2024-02-29")
            XCTAssertLessThan(leap, CalendarDate(year: 2024, month: 3, day: 1))

            let calendar = Calendar()
            var picked: [CalendarDate] = []
            calendar.onDaySelected { picked.append($0) }
            // GtkCalendar says "day-selected" only when the day of the month changes: from the
            // 28th, whatever today is (on the 29th of a month, 29 February alone said nothing).
            calendar.date = CalendarDate(year: 2024, month: 2, day: 28)
            calendar.date = leap
            XCTAssertEqual(calendar.date, leap)
            XCTAssertEqual(picked.last, leap)
        }
    }

    func testSidebarListBox() throws {
        onMain {
            let sidebar = ListBox.sidebar()
            sidebar.appendSidebarRow(title: "Inbox", iconName: "mail-inbox-symbolic", tag: "inbox")
            sidebar.appendSidebarRow(title: "Archive", iconName: nil, tag: "archive")
            var selected: [String?] = []
            sidebar.onRowSelected { selected.append($0?.tag) }
            XCTAssertTrue(sidebar.hasCSSClass("navigation-sidebar"))
            XCTAssertEqual(sidebar.rows.map(\.tag), ["inbox", "archive"])
            XCTAssertTrue(sidebar.selectRow(tagged: "archive"))
            XCTAssertEqual(sidebar.selectedRow?.index, 1)
            XCTAssertEqual(selected.last, "archive")
            XCTAssertFalse(sidebar.selectRow(tagged: "nope"))
            sidebar.removeAll()
            XCTAssertTrue(sidebar.rows.isEmpty)
        }
    }

    func testWidgetStateHelpers() throws {
        onMain {
            let button = Button(iconName: "list-add-symbolic", accessibleLabel: "Add item")
            XCTAssertEqual(button.tooltip, "Add item")
            button.addCSSClass("suggested-action")
            XCTAssertTrue(button.hasCSSClass("suggested-action"))
            button.setCSSClass("suggested-action", false)
            XCTAssertFalse(button.hasCSSClass("suggested-action"))
            button.isSensitive = false
            XCTAssertFalse(button.isSensitive)
            button.isVisible = false
            XCTAssertFalse(button.isVisible)
            let generic: Widget = button
            XCTAssertNotNil(generic.as(Button.self))
            XCTAssertNil(generic.as(Label.self))

            let stack = ViewStack()
            stack.addTitled(StatusPage(title: "Nothing here", iconName: "folder-symbolic"), name: "empty", title: "Empty")
            stack.addTitled(Label("list"), name: "list", title: "List")
            var shown: [String?] = []
            stack.onVisibleChildChanged { shown.append($0) }
            stack.visibleChildName = "list"
            XCTAssertEqual(stack.visibleChildName, "list")
            XCTAssertEqual(shown.last, "list")
        }
    }

    func testSettingsRoundTrip() throws {
        guard GtkTestSupport.schemaDirectory != nil else {
            throw XCTSkip("glib-compile-schemas is not available")
        }
        try onMain {
            XCTAssertNil(Settings(schemaID: "org.gtkkit.DoesNotExist"))
            let settings = try XCTUnwrap(Settings(schemaID: "org.gtkkit.Tests"))
            XCTAssertEqual(settings.int("window-width"), 800)
            settings.set("window-width", int: 1024)
            XCTAssertEqual(settings.int("window-width"), 1024)
            settings.set("last-view", string: "archive")
            XCTAssertEqual(settings.string("last-view"), "archive")

            let window = Window()
            defer { window.destroy() }
            settings.set("window-height", int: 500)
            settings.persistWindowState(window)
            XCTAssertEqual(window.defaultSize.width, 1024)
            XCTAssertEqual(window.defaultSize.height, 500)
            window.present() // GTK only runs close-request for realized windows
            window.defaultSize = (640, 480)
            window.close() // close-request saves the size
            XCTAssertEqual(settings.int("window-width"), 640)
            XCTAssertEqual(settings.int("window-height"), 480)
        }
    }

    func testStyleManagerFollowsSystem() throws {
        onMain {
            StyleManager.setColorScheme(ADW_COLOR_SCHEME_FORCE_DARK)
            XCTAssertTrue(StyleManager.isDark)
            StyleManager.followSystem()
            XCTAssertEqual(StyleManager.colorScheme, ADW_COLOR_SCHEME_DEFAULT)
        }
    }
}
