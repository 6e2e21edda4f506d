import CGtk

/// One GtkColumnViewColumn.
@MainActor
public final class ColumnViewColumn: ObjectRef {
    override public class var gType: GType { gtk_column_view_column_get_type() }

    public var title: String? {
        get { gtk_column_view_column_get_title(opaque).map { String(cString: $0) } }
        set { gtk_column_view_column_set_title(opaque, newValue) }
    }

    /// Takes spare width (the main text column).
    public var expands: Bool {
        get { gtk_column_view_column_get_expand(opaque) != 0 }
        set { gtk_column_view_column_set_expand(opaque, newValue ? 1 : 0) }
    }

    public var isResizable: Bool {
        get { gtk_column_view_column_get_resizable(opaque) != 0 }
        set { gtk_column_view_column_set_resizable(opaque, newValue ? 1 : 0) }
    }

    /// Fixed width in pixels; -1 sizes to content. A fixed width is never narrower than the
    /// column's own title (in the window's language, with its sort arrow): a width picked for
    /// the English title would cut a longer one off, and a header's title has no tooltip.
    public var fixedWidth: Int {
        get { Int(gtk_column_view_column_get_fixed_width(opaque)) }
        set {
            let width = newValue < 0 ? newValue : max(newValue, titleWidth)
            gtk_column_view_column_set_fixed_width(opaque, gint(width))
        }
    }

    /// The width the header needs to show the title in full: the text, the header button's
    /// padding, and room for the sort arrow when the column sorts.
    private var titleWidth: Int {
        guard let title, !title.isEmpty else { return 0 }
        let label = Label(title)
        var natural: gint = 0
        withExtendedLifetime(label) {
            gtk_widget_measure(label.widget, GTK_ORIENTATION_HORIZONTAL, -1, nil, &natural, nil, nil)
        }
        return Int(natural) + Self.headerPadding + (isSortable ? Self.sortArrow : 0)
    }

    /// Adwaita's header padding around the title (6 px each side in the button, as much in the
    /// title) and a little to spare.
    private static let headerPadding = 30
    /// The sort arrow (16 px) and the space before it.
    private static let sortArrow = 22

    public var isVisible: Bool {
        get { gtk_column_view_column_get_visible(opaque) != 0 }
        set { gtk_column_view_column_set_visible(opaque, newValue ? 1 : 0) }
    }

    /// Whether clicking the header sorts (i.e. the column has a sorter).
    public var isSortable: Bool { gtk_column_view_column_get_sorter(opaque) != nil }
}

/// A GtkColumnView (a table) over a selection model of `KeyListModel` keys.
///
///     let keys = KeyListModel()
///     let selection = SingleSelection(model: keys)
///     let table = ColumnView(model: selection)
///     table.addLabelColumn(title: "Name", expand: true, sortable: true) { label, key in
///         label.text = rows[key]?.name ?? ""
///     }
///     table.onSortChanged { column, ascending in
///         keys.setKeys(store.ids(orderedBy: column, ascending: ascending))
///     }
///
/// Sorting is reported, never performed: the model stays unsorted (no GtkSortListModel) and
/// the app re-queries in the new order and calls `setKeys`. See `ColumnSortProbe`.
@MainActor
public final class ColumnView: Widget {
    override public class var gType: GType { gtk_column_view_get_type() }

    /// Swift state shared by every wrapper of one GtkColumnView, stored on the GObject.
    @MainActor
    private final class State {
        let probe = ColumnSortProbe()
        var columnCount = 0
        var sortHandlers: [@MainActor (Int?, Bool) -> Void] = []
        var lastSort: (column: Int?, ascending: Bool) = (nil, true)
        var sorterConnected = false
    }

    private static let stateKey = "gtkkit-column-view-state"

    private var state: State {
        if let state = AttachedData.get(State.self, on: raw, key: ColumnView.stateKey) { return state }
        let state = State()
        AttachedData.set(state, on: raw, key: ColumnView.stateKey)
        return state
    }

    public convenience init(model: SelectionModel) {
        g_object_ref(model.raw) // gtk_column_view_new takes ownership of the model
        self.init(owning: UnsafeMutableRawPointer(gtk_column_view_new(model.selectionModel)))
    }

    /// The selection model currently shown.
    public func setModel(_ model: SelectionModel) {
        gtk_column_view_set_model(opaque, model.selectionModel)
    }

    public var showsRowSeparators: Bool {
        get { gtk_column_view_get_show_row_separators(opaque) != 0 }
        set { gtk_column_view_set_show_row_separators(opaque, newValue ? 1 : 0) }
    }

    public var showsColumnSeparators: Bool {
        get { gtk_column_view_get_show_column_separators(opaque) != 0 }
        set { gtk_column_view_set_show_column_separators(opaque, newValue ? 1 : 0) }
    }

    /// Lets users drag column headers to reorder columns (indices stay as added).
    public var isReorderable: Bool {
        get { gtk_column_view_get_reorderable(opaque) != 0 }
        set { gtk_column_view_set_reorderable(opaque, newValue ? 1 : 0) }
    }

    /// Drag-to-select rows (with a `MultiSelection`).
    public var enablesRubberband: Bool {
        get { gtk_column_view_get_enable_rubberband(opaque) != 0 }
        set { gtk_column_view_set_enable_rubberband(opaque, newValue ? 1 : 0) }
    }

    /// Activate rows on single click instead of double click / Enter.
    public var singleClickActivate: Bool {
        get { gtk_column_view_get_single_click_activate(opaque) != 0 }
        set { gtk_column_view_set_single_click_activate(opaque, newValue ? 1 : 0) }
    }

    // MARK: columns

    /// Number of columns added through GtkKit; column indices are 0..<columnCount in the order
    /// they were added, whatever the user's on-screen reordering.
    public var columnCount: Int { state.columnCount }

    /// Adds a column whose cells are made by `setup` and filled by `bind` with a row key.
    /// `sortable` makes the header clickable; clicks are reported to `onSortChanged`.
    @discardableResult
    public func addColumn<W: Widget>(
        title: String, expand: Bool = false, resizable: Bool = true, sortable: Bool = false,
        setup: @escaping @MainActor () -> W,
        bind: @escaping @MainActor (_ widget: W, _ key: Int64) -> Void,
        unbind: (@MainActor (_ widget: W) -> Void)? = nil
    ) -> ColumnViewColumn {
        addColumn(title: title, factory: ListItemFactory(setup: setup, bind: bind, unbind: unbind),
                  expand: expand, resizable: resizable, sortable: sortable)
    }

    /// Adds a column of start-aligned, ellipsizing labels.
    @discardableResult
    public func addLabelColumn(
        title: String, expand: Bool = false, resizable: Bool = true, sortable: Bool = false,
        bind: @escaping @MainActor (_ label: Label, _ key: Int64) -> Void
    ) -> ColumnViewColumn {
        addColumn(title: title, factory: .labels(bind: bind), expand: expand, resizable: resizable,
                  sortable: sortable)
    }

    /// Adds a column with a prepared factory.
    @discardableResult
    public func addColumn(title: String, factory: ListItemFactory, expand: Bool = false,
                          resizable: Bool = true, sortable: Bool = false) -> ColumnViewColumn {
        let state = self.state
        let index = state.columnCount
        state.columnCount += 1
        // gtk_column_view_column_new takes ownership of the factory reference it is given.
        g_object_ref(factory.raw)
        let column = ColumnViewColumn(owning: UnsafeMutableRawPointer(
            gtk_column_view_column_new(title, factory.opaque)))
        column.expands = expand
        column.isResizable = resizable
        if sortable {
            let sorter = state.probe.makeColumnSorter(index: index)
            gtk_column_view_column_set_sorter(column.opaque, sorter)
            g_object_unref(sorter)
            connectViewSorter()
        }
        gtk_column_view_append_column(opaque, column.opaque)
        return column
    }

    /// The column added at `index`.
    public func column(at index: Int) -> ColumnViewColumn? {
        guard let columns = gtk_column_view_get_columns(opaque),
              index >= 0, index < Int(g_list_model_get_n_items(columns)),
              let item = g_list_model_get_item(columns, guint(index)) else { return nil }
        return ColumnViewColumn(owning: item) // get_item returns a full reference
    }

    // MARK: sorting (reported, never performed)

    /// Called with (column index, ascending) whenever the user or code changes the sort;
    /// (nil, true) when the view becomes unsorted. Repeated identical states are not reported.
    public func onSortChanged(_ handler: @escaping @MainActor (_ columnIndex: Int?, _ ascending: Bool) -> Void) {
        state.sortHandlers.append(handler)
    }

    /// The current primary sort column and direction, as last probed.
    public var currentSort: (columnIndex: Int?, ascending: Bool) {
        let s = state.lastSort
        return (s.column, s.ascending)
    }

    /// Sorts by a column (the header shows the arrow) and reports it through `onSortChanged`;
    /// nil clears the sort. Use it to restore the sort at startup. GTK ignores columns that
    /// are not sortable (the previous sort stays), as it does for clicks on their headers.
    public func sort(byColumn index: Int?, ascending: Bool = true) {
        let column = index.flatMap { self.column(at: $0) }
        gtk_column_view_sort_by_column(opaque, column?.opaque,
                                       ascending ? GTK_SORT_ASCENDING : GTK_SORT_DESCENDING)
    }

    private var viewSorter: UnsafeMutablePointer<GtkSorter>? { gtk_column_view_get_sorter(opaque) }

    private func connectViewSorter() {
        let state = self.state
        guard !state.sorterConnected, let sorter = viewSorter else { return }
        state.sorterConnected = true
        // The handler holds the state weakly: the state lives on the view, which owns the sorter.
        Signal.connectUInt(UnsafeMutableRawPointer(sorter), "changed") { [weak state] sender, _ in
            guard let state else { return }
            let result = state.probe.probe(viewSorter: sender.assumingMemoryBound(to: GtkSorter.self))
            guard result.column != state.lastSort.column || result.ascending != state.lastSort.ascending
            else { return }
            state.lastSort = result
            for handler in state.sortHandlers { handler(result.column, result.ascending) }
        }
    }

    // MARK: activation

    /// "activate": a row was double-clicked or Enter pressed; receives its position.
    @discardableResult
    public func onActivate(_ handler: @escaping @MainActor (_ position: Int) -> Void) -> SignalHandlerID {
        Signal.connectUInt(raw, "activate") { _, position in handler(Int(position)) }
    }

    /// "activate" with the row's key (when the model is over a `KeyListModel`).
    @discardableResult
    public func onActivateKey(_ handler: @escaping @MainActor (_ key: Int64) -> Void) -> SignalHandlerID {
        Signal.connectUInt(raw, "activate") { sender, position in
            guard let model = gtk_column_view_get_model(OpaquePointer(sender)),
                  let item = g_list_model_get_item(model, position) else { return }
            defer { g_object_unref(item) }
            if let key = KeyListModel.key(ofItem: item) { handler(key) }
        }
    }
}

// MARK: keyboard focus

extension ColumnView {
    /// Selects the row at `position` (alone) and puts the keyboard focus on it, so Enter
    /// activates it and Up and Down move from it. GTK 4.8 has no call for this: the row's
    /// widget is found among those on screen by the position of the cell it shows (see
    /// `ListItemFactory`) and focused, which makes it the list's focused row; a row not on
    /// screen is scrolled to, and the list focused as Tab would.
    public func focusRow(at position: Int) {
        guard let model = gtk_column_view_get_model(opaque),
              position >= 0, position < Int(g_list_model_get_n_items(model)) else { return }
        gtk_selection_model_select_item(model, guint(position), 1)
        if let row = rowWidget(at: position), gtk_widget_grab_focus(row) != 0 { return }
        if let list = children.first(where: { $0.typeName == "GtkColumnListView" }) {
            _ = gtk_widget_activate_action_variant(list.widget, "list.scroll-to-item", g_variant_new_uint32(guint32(position)))
        }
        if let row = rowWidget(at: position), gtk_widget_grab_focus(row) != 0 { return }
        if !moveFocusInto() { _ = grabFocus() }
    }

    /// The widget of the row showing `position`, if it is on screen: the child of the inner
    /// list view that holds a cell bound to that position.
    private func rowWidget(at position: Int) -> UnsafeMutablePointer<GtkWidget>? {
        guard let list = children.first(where: { $0.typeName == "GtkColumnListView" }) else { return nil }
        var row = gtk_widget_get_first_child(list.widget)
        while let current = row {
            if Self.showsPosition(current, guint(position)) { return current }
            row = gtk_widget_get_next_sibling(current)
        }
        return nil
    }

    /// Whether a cell somewhere in `widget` is bound to `position`.
    private static func showsPosition(_ widget: UnsafeMutablePointer<GtkWidget>, _ position: guint) -> Bool {
        if let item = g_object_get_data(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GObject.self), ListItemFactory.listItemKey) {
            return gtk_list_item_get_position(OpaquePointer(item)) == position
        }
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if showsPosition(current, position) { return true }
            child = gtk_widget_get_next_sibling(current)
        }
        return false
    }

    /// The position of the selected row (the first, for a list that selects several).
    public var selectedPosition: Int? {
        guard let model = gtk_column_view_get_model(opaque) else { return nil }
        let selected = gtk_selection_model_get_selection(model)
        defer { gtk_bitset_unref(selected) }
        return gtk_bitset_is_empty(selected) != 0 ? nil : Int(gtk_bitset_get_minimum(selected))
    }
}
