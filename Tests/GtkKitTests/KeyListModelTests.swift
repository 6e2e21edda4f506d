import CGtk
import GtkKit
import XCTest

final class KeyListModelTests: XCTestCase {
    override func setUpWithError() throws { try GtkTestSupport.requireGtk() }

    func testHundredThousandKeysWithOneItemsChanged() throws {
        try onMain {
            let model = KeyListModel()
            var events: [(Int, Int, Int)] = []
            model.onItemsChanged { events.append(($0, $1, $2)) }

            let keys = (0..<100_000).map { Int64($0) * 3 + 7 }
            model.setKeys(keys)
            XCTAssertEqual(model.count, 100_000)
            XCTAssertEqual(g_list_model_get_n_items(model.listModel), 100_000)
            XCTAssertEqual(model.key(at: 0), 7)
            XCTAssertEqual(model.key(at: 99_999), 99_999 * 3 + 7)
            XCTAssertNil(model.key(at: 100_000))
            XCTAssertNil(model.key(at: -1))
            XCTAssertEqual(model.position(of: 3 * 500 + 7), 500)
            XCTAssertNil(model.position(of: 8))
            XCTAssertEqual(events.count, 1)
            XCTAssertTrue(events.first.map { $0 == (0, 0, 100_000) } ?? false)

            // Items are made on demand and carry their key.
            let item = try XCTUnwrap(g_list_model_get_item(model.listModel, 42))
            defer { g_object_unref(item) }
            XCTAssertEqual(KeyListModel.key(ofItem: item), 42 * 3 + 7)
            XCTAssertNil(g_list_model_get_item(model.listModel, 100_000))
            XCTAssertEqual(g_list_model_get_item_type(model.listModel), g_type_from_name("GkKeyItem"))

            // Replacing contents is one event covering old and new counts.
            model.setKeys([5, 4, 3])
            XCTAssertEqual(events.count, 2)
            XCTAssertTrue(events.last.map { $0 == (0, 100_000, 3) } ?? false)
            XCTAssertEqual((0..<3).compactMap { model.key(at: $0) }, [5, 4, 3])

            model.setKeys([])
            model.setKeys([]) // empty to empty: nothing changed, nothing emitted
            XCTAssertEqual(events.count, 3)
            XCTAssertEqual(model.count, 0)
        }
    }

    func testKeyOfForeignObjectIsNil() throws {
        onMain {
            let label = Label("not a key item")
            XCTAssertNil(KeyListModel.key(ofItem: label.raw))
            XCTAssertNil(KeyListModel.key(ofItem: nil))
        }
    }

    func testSingleSelectionReportsSelectedKey() throws {
        onMain {
            let model = KeyListModel(keys: [10, 20, 30])
            let selection = SingleSelection(model: model)
            var changes = 0
            selection.onSelectionChanged { changes += 1 }
            XCTAssertNil(selection.selectedPosition)
            XCTAssertNil(selection.selectedKey)
            selection.selectedPosition = 2
            XCTAssertEqual(selection.selectedKey, 30)
            XCTAssertEqual(selection.selectedPositions, [2])
            XCTAssertGreaterThan(changes, 0)
        }
    }

    func testMultiSelectionReportsSelectedKeys() throws {
        onMain {
            let model = KeyListModel(keys: [10, 20, 30, 40])
            let selection = MultiSelection(model: model)
            selection.select(1)
            selection.select(3, exclusive: false)
            XCTAssertEqual(selection.selectedPositions, [1, 3])
            XCTAssertEqual(selection.selectedKeys, [20, 40])
            selection.selectAll()
            XCTAssertEqual(selection.selectedKeys, [10, 20, 30, 40])
            selection.unselectAll()
            XCTAssertEqual(selection.selectedKeys, [])
        }
    }
}
