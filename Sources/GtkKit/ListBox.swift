import CGtk

/// GtkListBoxRow: one row of a `ListBox`.
@MainActor
public class ListBoxRow: Widget {
    override public class var gType: GType { gtk_list_box_row_get_type() }

    public var row: UnsafeMutablePointer<GtkListBoxRow> { ptr() }

    public convenience init(child: Widget? = nil) {
        self.init(owning: UnsafeMutableRawPointer(gtk_list_box_row_new()))
        if let child { gtk_list_box_row_set_child(row, child.widget) }
    }

    /// Position in the list box, -1 if not in one.
    public var index: Int { Int(gtk_list_box_row_get_index(row)) }

    /// Puts `next` right under `row` in the list box that holds `row` (a preferences group's
    /// rows are in one); false when `row` is no list box row or is in no list box yet.
    @discardableResult
    public static func insert(_ next: Widget, after row: Widget) -> Bool {
        guard g_type_check_instance_is_a(row.raw.assumingMemoryBound(to: GTypeInstance.self), gtk_list_box_row_get_type()) != 0,
              let parent = gtk_widget_get_parent(row.widget),
              g_type_check_instance_is_a(UnsafeMutableRawPointer(parent).assumingMemoryBound(to: GTypeInstance.self),
                                         gtk_list_box_get_type()) != 0
        else { return false }
        let index = gtk_list_box_row_get_index(UnsafeMutableRawPointer(row.widget).assumingMemoryBound(to: GtkListBoxRow.self))
        gtk_list_box_insert(OpaquePointer(parent), next.widget, index + 1)
        return true
    }

    public var isSelected: Bool { gtk_list_box_row_is_selected(row) != 0 }

    public var isActivatable: Bool {
        get { gtk_list_box_row_get_activatable(row) != 0 }
        set { gtk_list_box_row_set_activatable(row, newValue ? 1 : 0) }
    }

    /// An application-defined tag stored on the GObject (e.g. the sidebar section id), so the
    /// row can be identified from a raw pointer in signal handlers.
    public var tag: String? {
        get { g_object_get_data(ptr(), "gtkkit-tag").map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } }
        set { g_object_set_data_full(ptr(), "gtkkit-tag", newValue.map { UnsafeMutableRawPointer(g_strdup($0)) }, g_free) }
    }
}

/// GtkListBox: a short list of widgets, such as the sidebar's sections or a boxed list of
/// fields. For thousands of rows use `ColumnView` over a `KeyListModel` instead.
@MainActor
public final class ListBox: Widget {
    override public class var gType: GType { gtk_list_box_get_type() }

    public convenience init(selection: GtkSelectionMode = GTK_SELECTION_SINGLE) {
        self.init(owning: UnsafeMutableRawPointer(gtk_list_box_new()))
        gtk_list_box_set_selection_mode(opaque, selection)
    }

    /// A list box styled as the sidebar ("navigation-sidebar").
    public static func sidebar() -> ListBox {
        let list = ListBox(selection: GTK_SELECTION_BROWSE)
        list.addCSSClass("navigation-sidebar")
        return list
    }

    /// A non-selectable list styled as a rounded card of rows ("boxed-list"), for forms.
    public static func boxed() -> ListBox {
        let list = ListBox(selection: GTK_SELECTION_NONE)
        list.addCSSClass("boxed-list")
        return list
    }

    /// Appends a widget; GTK wraps non-row widgets in a GtkListBoxRow.
    public func append(_ child: Widget) { gtk_list_box_append(opaque, child.widget) }
    public func remove(_ child: Widget) { gtk_list_box_remove(opaque, child.widget) }

    /// Removes every row.
    public func removeAll() {
        while let row = gtk_list_box_get_row_at_index(opaque, 0) {
            gtk_list_box_remove(opaque, UnsafeMutableRawPointer(row).assumingMemoryBound(to: GtkWidget.self))
        }
    }

    /// Appends a sidebar row with an icon and a label; `tag` identifies it in callbacks.
    @discardableResult
    public func appendSidebarRow(title: String, iconName: String?, tag: String) -> ListBoxRow {
        let content = Box.horizontal(spacing: 12)
        if let iconName {
            let icon = Widget(owning: UnsafeMutableRawPointer(gtk_image_new_from_icon_name(iconName)))
            content.append(icon)
        }
        let label = Label(title)
        label.xalign = 0
        label.ellipsize = PANGO_ELLIPSIZE_END
        content.append(label)
        let row = ListBoxRow(child: content)
        row.tag = tag
        row.setAccessibleLabel(title)
        append(row)
        return row
    }

    public func row(at index: Int) -> ListBoxRow? {
        gtk_list_box_get_row_at_index(opaque, gint(index)).map { ListBoxRow(borrowing: UnsafeMutableRawPointer($0)) }
    }

    /// All rows in order.
    public var rows: [ListBoxRow] {
        var result: [ListBoxRow] = []
        var i = 0
        while let row = row(at: i) { result.append(row); i += 1 }
        return result
    }

    public var selectedRow: ListBoxRow? {
        gtk_list_box_get_selected_row(opaque).map { ListBoxRow(borrowing: UnsafeMutableRawPointer($0)) }
    }

    public func select(_ row: ListBoxRow?) { gtk_list_box_select_row(opaque, row?.row) }

    /// Selects the row whose `tag` matches; false if none does.
    @discardableResult
    public func selectRow(tagged tag: String) -> Bool {
        guard let row = rows.first(where: { $0.tag == tag }) else { return false }
        select(row)
        return true
    }

    /// "row-selected": the selection changed (nil when cleared).
    @discardableResult
    public func onRowSelected(_ handler: @escaping @MainActor (ListBoxRow?) -> Void) -> SignalHandlerID {
        Signal.connectPointer(raw, "row-selected") { _, row in
            handler(row.map { ListBoxRow(borrowing: $0) })
        }
    }

    /// "row-activated": a row was clicked or Enter pressed on it.
    @discardableResult
    public func onRowActivated(_ handler: @escaping @MainActor (ListBoxRow) -> Void) -> SignalHandlerID {
        Signal.connectPointer(raw, "row-activated") { _, row in
            if let row { handler(ListBoxRow(borrowing: row)) }
        }
    }
}
