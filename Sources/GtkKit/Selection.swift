import CGtk

/// A GtkSelectionModel over a list model; what `ColumnView` and list views display.
@MainActor
public class SelectionModel: ObjectRef {
    /// The instance as `GtkSelectionModel *` (also usable as `GListModel *`).
    public var selectionModel: OpaquePointer { opaque }

    public var count: Int { Int(g_list_model_get_n_items(opaque)) }

    public func isSelected(_ position: Int) -> Bool {
        gtk_selection_model_is_selected(opaque, guint(position)) != 0
    }

    /// Positions of all selected items, ascending.
    public var selectedPositions: [Int] {
        guard let bitset = gtk_selection_model_get_selection(opaque) else { return [] }
        defer { gtk_bitset_unref(bitset) }
        var result: [Int] = []
        result.reserveCapacity(Int(gtk_bitset_get_size(bitset)))
        var iter = GtkBitsetIter()
        var value: guint = 0
        var ok = gtk_bitset_iter_init_first(&iter, bitset, &value)
        while ok != 0 {
            result.append(Int(value))
            ok = gtk_bitset_iter_next(&iter, &value)
        }
        return result
    }

    /// Selects one item; `exclusive` clears the rest first.
    public func select(_ position: Int, exclusive: Bool = true) {
        gtk_selection_model_select_item(opaque, guint(position), exclusive ? 1 : 0)
    }

    public func unselectAll() { gtk_selection_model_unselect_all(opaque) }

    /// "selection-changed": the selection moved. Read `selectedPositions` in the handler.
    @discardableResult
    public func onSelectionChanged(_ handler: @escaping @MainActor () -> Void) -> SignalHandlerID {
        // (model, guint position, guint n_items): the range is a hint; the handler re-reads.
        Signal.connectUInt2(raw, "selection-changed") { _, _, _ in handler() }
    }
}

/// GtkSingleSelection: at most one selected row (the common list page).
@MainActor
public final class SingleSelection: SelectionModel {
    override public class var gType: GType { gtk_single_selection_get_type() }

    /// - Parameters:
    ///   - autoselect: keep a row selected whenever the list is not empty.
    ///   - canUnselect: allow clearing the selection by ctrl-clicking the selected row.
    public convenience init(model: KeyListModel, autoselect: Bool = false, canUnselect: Bool = true) {
        // Flags first, model second: with GTK's default autoselect=TRUE, setting the model
        // would already have selected row 0.
        self.init(owning: UnsafeMutableRawPointer(gtk_single_selection_new(nil)))
        gtk_single_selection_set_autoselect(opaque, autoselect ? 1 : 0)
        gtk_single_selection_set_can_unselect(opaque, canUnselect ? 1 : 0)
        gtk_single_selection_set_model(opaque, model.listModel)
    }

    /// The selected position, nil when nothing is selected.
    public var selectedPosition: Int? {
        get {
            let p = gtk_single_selection_get_selected(opaque)
            return p == cgtk_invalid_list_position() ? nil : Int(p)
        }
        set { gtk_single_selection_set_selected(opaque, newValue.map { guint($0) } ?? cgtk_invalid_list_position()) }
    }

    /// The key of the selected row, when the model is a `KeyListModel`.
    public var selectedKey: Int64? {
        KeyListModel.key(ofItem: UnsafeMutableRawPointer(gtk_single_selection_get_selected_item(opaque)))
    }
}

/// GtkMultiSelection: any number of selected rows (bulk actions).
@MainActor
public final class MultiSelection: SelectionModel {
    override public class var gType: GType { gtk_multi_selection_get_type() }

    private var keyModel: KeyListModel?

    public convenience init(model: KeyListModel) {
        g_object_ref(model.raw) // gtk_multi_selection_new takes ownership
        self.init(owning: UnsafeMutableRawPointer(gtk_multi_selection_new(model.listModel)))
        keyModel = model
    }

    /// Keys of all selected rows, in list order.
    public var selectedKeys: [Int64] {
        guard let keyModel else { return [] }
        return selectedPositions.compactMap { keyModel.key(at: $0) }
    }

    public func selectAll() { gtk_selection_model_select_all(opaque) }
}
