import CGtk
import Foundation
import GtkKit
import XCTest

final class ColumnViewTests: XCTestCase {
    override func setUpWithError() throws { try GtkTestSupport.requireGtk() }

    @MainActor
    private static func makeTable(keys: [Int64]) -> (ColumnView, KeyListModel) {
        let model = KeyListModel(keys: keys)
        let table = ColumnView(model: SingleSelection(model: model))
        table.addLabelColumn(title: "Name", expand: true, sortable: true) { label, key in label.text = "Row \(key)" }
        table.addLabelColumn(title: "Date", sortable: true) { label, key in label.text = "2024-01-\(key % 28 + 1)" }
        table.addLabelColumn(title: "Notes") { label, _ in label.text = "-" }
        table.addLabelColumn(title: "Size", sortable: true) { label, key in label.text = "\(key * 10)" }
        return (table, model)
    }

    func testSortProbeReportsColumnAndDirection() throws {
        onMain {
            let (table, model) = Self.makeTable(keys: [3, 1, 2])
            var reports: [(Int?, Bool)] = []
            table.onSortChanged { reports.append(($0, $1)) }

            table.sort(byColumn: 1, ascending: false)
            XCTAssertEqual(reports.count, 1)
            XCTAssertEqual(reports.last?.0, 1)
            XCTAssertEqual(reports.last?.1, false)

            table.sort(byColumn: 1, ascending: true)
            XCTAssertEqual(reports.last?.0, 1)
            XCTAssertEqual(reports.last?.1, true)

            table.sort(byColumn: 3, ascending: false)
            XCTAssertEqual(reports.last?.0, 3)
            XCTAssertEqual(reports.last?.1, false)
            XCTAssertEqual(table.currentSort.columnIndex, 3)
            XCTAssertEqual(table.currentSort.ascending, false)

            table.sort(byColumn: 0)
            XCTAssertEqual(reports.last?.0, 0)
            XCTAssertEqual(reports.last?.1, true)

            table.sort(byColumn: nil)
            XCTAssertNil(reports.last?.0)
            XCTAssertEqual(reports.count, 5)

            // GTK reported the sort but did not reorder anything: the app owns the order.
            XCTAssertEqual((0..<3).compactMap { model.key(at: $0) }, [3, 1, 2])
        }
    }

    /// What the search field's Down relies on: the row given is selected alone, and a table
    /// with no such row is left as it was.
    func testFocusRowSelectsThatRowAlone() throws {
        onMain {
            let (table, _) = Self.makeTable(keys: [5, 6, 7])
            XCTAssertNil(table.selectedPosition)
            table.focusRow(at: 2)
            XCTAssertEqual(table.selectedPosition, 2)
            table.focusRow(at: 0)
            XCTAssertEqual(table.selectedPosition, 0)
            table.focusRow(at: 3)
            XCTAssertEqual(table.selectedPosition, 0)
        }
    }

    func testSortingByUnsortableColumnKeepsTheSort() throws {
        try onMain {
            let (table, _) = Self.makeTable(keys: [1])
            XCTAssertFalse(try XCTUnwrap(table.column(at: 2)).isSortable)
            XCTAssertTrue(try XCTUnwrap(table.column(at: 1)).isSortable)
            var reports: [(Int?, Bool)] = []
            table.onSortChanged { reports.append(($0, $1)) }
            table.sort(byColumn: 1, ascending: false)
            table.sort(byColumn: 2, ascending: true) // "Notes" has no sorter: GTK ignores it
            XCTAssertEqual(reports.count, 1)
            XCTAssertEqual(table.currentSort.columnIndex, 1)
            XCTAssertEqual(table.currentSort.ascending, false)
        }
    }

    func testColumnsKeepFlags() throws {
        onMain {
            let (table, _) = Self.makeTable(keys: [])
            XCTAssertEqual(table.columnCount, 4)
            XCTAssertEqual(table.column(at: 0)?.title, "Name")
            XCTAssertEqual(table.column(at: 0)?.expands, true)
            XCTAssertEqual(table.column(at: 1)?.expands, false)
            XCTAssertEqual(table.column(at: 1)?.isResizable, true)
            XCTAssertNil(table.column(at: 4))
        }
    }

    /// A window with a 100k-row table: only visible rows are bound, rows show their keys,
    /// activation reports the key, and a screenshot is left behind.
    func testHundredThousandRowsInAWindow() throws {
        try onMain {
            let keys = (0..<100_000).map { Int64($0) }
            let model = KeyListModel(keys: keys)
            let selection = SingleSelection(model: model)
            let table = ColumnView(model: selection)
            var binds = 0
            var boundLabels: [String] = []
            table.addLabelColumn(title: "Name", expand: true, sortable: true) { label, key in
                binds += 1
                label.text = "Row \(key)"
                if key < 3 { boundLabels.append(label.text) }
            }
            table.addLabelColumn(title: "Key", sortable: true) { label, key in label.text = String(key) }
            var activatedKey: Int64?
            table.onActivateKey { activatedKey = $0 }
            table.sort(byColumn: 0, ascending: true)

            let window = Window()
            window.title = "GtkKit ColumnView"
            window.defaultSize = (480, 360)
            window.setChild(ScrolledWindow(child: table))
            window.present()
            defer { window.destroy() }
            XCTAssertTrue(Screenshot.waitUntilDrawn(window), "window never drew")

            XCTAssertGreaterThan(binds, 0)
            XCTAssertLessThan(binds, 2_000, "rows must be bound lazily, not all 100k")
            XCTAssertTrue(boundLabels.contains("Row 0"))

            // Row activation goes through the model to the key.
            cgtk_signal_emit_uint(table.raw, "activate", 12_345)
            XCTAssertEqual(activatedKey, 12_345)

            let path = GtkTestSupport.screenshotDirectory + "/column-view-100k.png"
            try? FileManager.default.removeItem(atPath: path)
            try Screenshot.savePNG(window, to: path)
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            XCTAssertEqual(Array(data.prefix(4)), [0x89, 0x50, 0x4E, 0x47]) // PNG signature
            let texture = try XCTUnwrap(gdk_texture_new_from_filename(path, nil))
            defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
            XCTAssertGreaterThanOrEqual(gdk_texture_get_width(texture), 400)
        }
    }
}
