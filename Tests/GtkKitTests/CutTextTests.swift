import CGtk
import Foundation
import GtkKit
import XCTest

/// Text that does not fit is never simply lost: a fixed column width leaves room for the
/// column's own title, and a label that shortens its text with "…" can show it whole on hover.
final class CutTextTests: XCTestCase {
    override func setUpWithError() throws { try GtkTestSupport.requireGtk() }

    func testAFixedColumnWidthNeverCutsTheColumnsTitle() throws {
        try onMain {
            let table = ColumnView(model: SingleSelection(model: KeyListModel(keys: [1])))
            let title = "Límite por miembro y por evento"
            let column = table.addLabelColumn(title: title, sortable: true) { label, _ in label.text = "1" }
            column.fixedWidth = 60
            let titleLabel = Label(title)
            var titleWidth: gint = 0
            withExtendedLifetime(titleLabel) {
                gtk_widget_measure(titleLabel.widget, GTK_ORIENTATION_HORIZONTAL, -1, nil, &titleWidth, nil, nil)
            }
            XCTAssertGreaterThan(titleWidth, 60, "the title is wider than the width asked for")
            XCTAssertGreaterThan(column.fixedWidth, Int(titleWidth), "the title must fit in the column")
            let wide = try XCTUnwrap(table.column(at: 0))
            wide.fixedWidth = 900
            XCTAssertEqual(wide.fixedWidth, 900, "a width wider than the title is kept")
            wide.fixedWidth = -1
            XCTAssertEqual(wide.fixedWidth, -1, "sizing to content stays possible")
        }
    }

    func testAnEllipsizingLabelAnswersTooltipQueries() throws {
        onMain {
            let label = Label("A long value that a narrow column shortens")
            XCTAssertEqual(gtk_widget_get_has_tooltip(label.widget), 0)
            label.ellipsize = PANGO_ELLIPSIZE_END
            XCTAssertNotEqual(gtk_widget_get_has_tooltip(label.widget), 0)
            // No tooltip text: it would become the accessible description, heard twice.
            XCTAssertNil(gtk_widget_get_tooltip_text(label.widget))
        }
    }

    func testLabelsAFileEllipsizesAnswerTooltipQueriesToo() throws {
        try onMain {
            let builder = try Builder(string: """
                <interface>
                  <object class="GtkLabel" id="cut"><property name="ellipsize">end</property></object>
                  <object class="GtkLabel" id="whole"/>
                </interface>
                """)
            XCTAssertNotEqual(gtk_widget_get_has_tooltip(builder.object("cut", as: Label.self).widget), 0)
            XCTAssertEqual(gtk_widget_get_has_tooltip(builder.object("whole", as: Label.self).widget), 0)
        }
    }

    func testThePeekButtonOfAPasswordRowHasAName() throws {
        try onMain {
            let row = PasswordEntryRow(title: "Password")
            var buttons: [UnsafeMutablePointer<GtkWidget>] = []
            func collect(_ widget: UnsafeMutablePointer<GtkWidget>) {
                if cgtk_is_a(widget, gtk_button_get_type()) != 0 { buttons.append(widget) }
                var child = gtk_widget_get_first_child(widget)
                while let current = child {
                    collect(current)
                    child = gtk_widget_get_next_sibling(current)
                }
            }
            collect(row.widget)
            let builder = try Builder(string: """
                <interface><object class="AdwPasswordEntryRow" id="row"/></interface>
                """)
            collect(builder.object("row", as: PasswordEntryRow.self).widget)
            let peeks = buttons.filter { gtk_widget_get_tooltip_text($0) != nil }
            XCTAssertGreaterThanOrEqual(peeks.count, 2, "libadwaita's icon buttons (peek, apply) of a row made in code and one read from a file")
            for peek in peeks {
                XCTAssertNotEqual(gtk_test_accessible_has_property(OpaquePointer(peek), GTK_ACCESSIBLE_PROPERTY_LABEL), 0,
                                  "the icon-only peek button is named, not heard as \"GtkImage\"")
            }
        }
    }

    func testASearchFieldKeepsRoomForItsPlaceholder() throws {
        try onMain {
            let placeholder = "Buscar preguntas de la encuesta"
            let coded = SearchEntry()
            coded.setPlaceholder(placeholder)
            XCTAssertGreaterThanOrEqual(Int(gtk_editable_get_width_chars(coded.opaque)), placeholder.count)
            let builder = try Builder(string: """
                <interface>
                  <object class="GtkSearchEntry" id="search">
                    <property name="placeholder-text">\(placeholder)</property>
                  </object>
                </interface>
                """)
            let read = builder.object("search", as: SearchEntry.self)
            XCTAssertGreaterThanOrEqual(Int(gtk_editable_get_width_chars(read.opaque)), placeholder.count)
        }
    }
}
