import CGtk

/// A GtkDropDown over a GtkStringList: pick one of a few fixed strings (a status, a category).
@MainActor
public final class DropDown: Widget {
    override public class var gType: GType { gtk_drop_down_get_type() }

    public convenience init(strings: [String]) {
        let list = DropDown.makeStringList(strings)
        // gtk_drop_down_new takes ownership of the model (and of a NULL expression).
        self.init(owning: UnsafeMutableRawPointer(gtk_drop_down_new(list, nil)))
    }

    private static func makeStringList(_ strings: [String]) -> OpaquePointer {
        let list = gtk_string_list_new(nil)!
        for s in strings { gtk_string_list_append(list, s) }
        return list
    }

    /// Replaces the choices; the selection moves to the first item.
    public func setStrings(_ strings: [String]) {
        let list = DropDown.makeStringList(strings)
        gtk_drop_down_set_model(opaque, list)
        g_object_unref(UnsafeMutableRawPointer(list))
    }

    /// The choices, as currently shown.
    public var strings: [String] {
        guard let model = gtk_drop_down_get_model(opaque) else { return [] }
        let n = g_list_model_get_n_items(model)
        return (0..<n).map { i in
            String(cString: gtk_string_list_get_string(model, i))
        }
    }

    /// Index of the selected string; nil when nothing is selected.
    public var selectedIndex: Int? {
        get {
            let i = gtk_drop_down_get_selected(opaque)
            return i == cgtk_invalid_list_position() ? nil : Int(i)
        }
        set { gtk_drop_down_set_selected(opaque, newValue.map { guint($0) } ?? cgtk_invalid_list_position()) }
    }

    /// The selected string, nil when nothing is selected.
    public var selectedString: String? {
        guard let i = selectedIndex else { return nil }
        let all = strings
        return i < all.count ? all[i] : nil
    }

    /// Selects `string` if present; returns false otherwise.
    @discardableResult
    public func select(_ string: String) -> Bool {
        guard let i = strings.firstIndex(of: string) else { return false }
        selectedIndex = i
        return true
    }

    /// Runs with the new index after the selection changed ("notify::selected").
    @discardableResult
    public func onSelectionChanged(_ handler: @escaping @MainActor (Int?) -> Void) -> SignalHandlerID {
        Signal.connectPointer(raw, "notify::selected") { sender, _ in
            let i = gtk_drop_down_get_selected(OpaquePointer(sender))
            handler(i == cgtk_invalid_list_position() ? nil : Int(i))
        }
    }
}

extension DropDown {
    /// Typing in the open list narrows it to the strings that contain what is typed: for
    /// lists longer than a glance (the members of an organization).
    public func enableSearch() {
        let expression = gtk_property_expression_new(gtk_string_object_get_type(), nil, "string")
        gtk_drop_down_set_expression(opaque, expression)
        gtk_expression_unref(expression)
        gtk_drop_down_set_enable_search(opaque, 1)
    }
}
