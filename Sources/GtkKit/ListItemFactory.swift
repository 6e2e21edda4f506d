import CGtk

/// A GtkSignalListItemFactory whose "setup" and "bind" are Swift closures.
///
/// GTK recycles row widgets: `setup` runs once per on-screen row to build the widget, `bind`
/// many times to show a given key in it. The Swift wrapper made in `setup` is stored on the
/// GtkListItem (not on the widget: widget -> wrapper -> widget would be a cycle), so `bind`
/// gets the same typed wrapper back, with any Swift state it carries.
///
/// The closures live as long as the factory; capture controllers `[weak self]`.
@MainActor
public final class ListItemFactory: ObjectRef {
    override public class var gType: GType { gtk_signal_list_item_factory_get_type() }

    private static let widgetKey = "gtkkit-row-widget"
    /// On each cell's widget, its GtkListItem (not owned): which position the cell shows, for
    /// `ColumnView.focusRow(at:)`.
    static let listItemKey = "gtkkit-list-item"

    public convenience init<W: Widget>(
        setup: @escaping @MainActor () -> W,
        bind: @escaping @MainActor (_ widget: W, _ key: Int64) -> Void,
        unbind: (@MainActor (_ widget: W) -> Void)? = nil
    ) {
        self.init(owning: UnsafeMutableRawPointer(gtk_signal_list_item_factory_new()))
        Signal.connectPointer(raw, "setup") { _, item in
            guard let item else { return }
            let widget = setup()
            gtk_list_item_set_child(OpaquePointer(item), widget.widget)
            AttachedData.set(widget, on: item, key: ListItemFactory.widgetKey)
            g_object_set_data(widget.raw.assumingMemoryBound(to: GObject.self), ListItemFactory.listItemKey, item)
        }
        Signal.connectPointer(raw, "bind") { _, item in
            guard let item,
                  let widget = AttachedData.get(W.self, on: item, key: ListItemFactory.widgetKey),
                  let key = KeyListModel.key(ofItem: UnsafeMutableRawPointer(gtk_list_item_get_item(OpaquePointer(item))))
            else { return }
            bind(widget, key)
        }
        if let unbind {
            Signal.connectPointer(raw, "unbind") { _, item in
                guard let item, let widget = AttachedData.get(W.self, on: item, key: ListItemFactory.widgetKey)
                else { return }
                unbind(widget)
            }
        }
        // "teardown": drop the wrapper with the row so recycling cannot leak it.
        Signal.connectPointer(raw, "teardown") { _, item in
            guard let item else { return }
            if let widget = AttachedData.get(Widget.self, on: item, key: ListItemFactory.widgetKey) {
                g_object_set_data(widget.raw.assumingMemoryBound(to: GObject.self), ListItemFactory.listItemKey, nil)
            }
            AttachedData.set(nil, on: item, key: ListItemFactory.widgetKey)
        }
    }

    /// A factory of start-aligned, ellipsizing labels; `bind` sets the text for a key.
    public static func labels(bind: @escaping @MainActor (_ label: Label, _ key: Int64) -> Void) -> ListItemFactory {
        ListItemFactory(setup: {
            let label = Label()
            label.xalign = 0
            label.ellipsize = PANGO_ELLIPSIZE_END
            return label
        }, bind: bind)
    }

    /// A factory of two-line cells (`LabelPair`); `bind` sets both lines for a key.
    public static func labelPairs(bind: @escaping @MainActor (_ pair: LabelPair, _ key: Int64) -> Void) -> ListItemFactory {
        ListItemFactory(setup: { LabelPair() }, bind: bind)
    }
}
