import Foundation
import GtkKit

/// A table of the Passport page (the ledger, the members, the leaderboard): rows of any kind,
/// a column per text the row gives, selection by row. Rows keep their key across reloads (by
/// their id), so the selection survives a grant or a sync.
@MainActor
final class PassportTable<Row> {
    struct Column {
        let title: String
        let expand: Bool
        /// In pixels; 0: as wide as its texts.
        let width: Int
        let text: @MainActor (Row) -> String
        /// A dimmer second line under the text (`LabelPair`), for a value that belongs with it.
        let detail: (@MainActor (Row) -> String)?
        init(_ title: String, expand: Bool = false, width: Int = 0, _ text: @escaping @MainActor (Row) -> String,
             detail: (@MainActor (Row) -> String)? = nil) {
            self.title = title
            self.expand = expand
            self.width = width
            self.text = text
            self.detail = detail
        }
    }

    let view: ColumnView
    let scroller: ScrolledWindow
    private let keys = KeyListModel()
    private let single: SingleSelection?
    private let multiple: MultiSelection?
    private var rows: [Int64: Row] = [:]
    private var order: [Int64] = []
    private var stableKeys = StableKeys<String>()
    private let id: (Row) -> String
    var onSelectionChanged: (() -> Void)?

    init(name: String, multipleSelection: Bool = false, id: @escaping (Row) -> String) {
        self.id = id
        let selection: SelectionModel
        if multipleSelection {
            let model = MultiSelection(model: keys)
            multiple = model
            single = nil
            selection = model
        } else {
            let model = SingleSelection(model: keys, autoselect: false, canUnselect: true)
            single = model
            multiple = nil
            selection = model
        }
        view = ColumnView(model: selection)
        view.setAccessibleLabel(name)
        scroller = ScrolledWindow(child: view)
        scroller.vexpand = true
        selection.onSelectionChanged { [weak self] in self?.onSelectionChanged?() }
    }

    /// Adds the columns, in order (after the owner is made, so their texts may read it).
    func addColumns(_ columns: [Column]) {
        for column in columns {
            let added: ColumnViewColumn
            if let detail = column.detail {
                added = view.addColumn(title: column.title, factory: .labelPairs { [weak self] pair, key in
                    guard let row = self?.rows[key] else { return }
                    pair.show(column.text(row), detail: detail(row))
                }, expand: column.expand, resizable: true)
            } else {
                added = view.addLabelColumn(title: column.title, expand: column.expand) { [weak self] label, key in
                    guard let row = self?.rows[key] else { return }
                    label.text = column.text(row)
                }
            }
            if column.width > 0 { added.fixedWidth = column.width }
        }
    }

    /// Shows `found`, in order, keeping the selected rows selected.
    func show(_ found: [Row]) {
        let selected = Set(selectedRows.map(id))
        rows = [:]
        order = found.map { row in
            let key = stableKeys.key(for: id(row))
            rows[key] = row
            return key
        }
        keys.setKeys(order)
        for (position, key) in order.enumerated() where rows[key].map({ selected.contains(id($0)) }) == true {
            if let single { single.selectedPosition = position } else { multiple?.select(position, exclusive: false) }
        }
        onSelectionChanged?()
    }

    var count: Int { order.count }

    var selectedRows: [Row] {
        if let single { return single.selectedKey.flatMap { rows[$0] }.map { [$0] } ?? [] }
        return (multiple?.selectedKeys ?? []).compactMap { rows[$0] }
    }
}
