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

    /// Changes the choices' texts in place: only those that differ are replaced, so the item
    /// shown is rebuilt only when its own text changes, and the selection stays where it is.
    /// With another number of choices, the same as `setStrings`.
    public func updateStrings(_ strings: [String]) {
        guard let model = gtk_drop_down_get_model(opaque), g_list_model_get_n_items(model) == UInt32(strings.count) else {
            return setStrings(strings)
        }
        let selected = gtk_drop_down_get_selected(opaque)
        for (index, text) in strings.enumerated()
        where String(cString: gtk_string_list_get_string(model, UInt32(index))) != text {
            text.withCString { cText in
                var additions: [UnsafePointer<CChar>?] = [cText, nil]
                gtk_string_list_splice(model, UInt32(index), 1, &additions)
            }
        }
        if gtk_drop_down_get_selected(opaque) != selected { gtk_drop_down_set_selected(opaque, selected) }
    }

    /// Inserts a choice at `index` (the end when past it); the selection stays on the choice
    /// it was on.
    public func insert(_ string: String, at index: Int) {
        guard let model = gtk_drop_down_get_model(opaque) else { return setStrings([string]) }
        let count = Int(g_list_model_get_n_items(model))
        let selected = selectedIndex
        string.withCString { cText in
            var additions: [UnsafePointer<CChar>?] = [cText, nil]
            gtk_string_list_splice(model, UInt32(min(max(index, 0), count)), 0, &additions)
        }
        if let selected { selectedIndex = selected >= index ? selected + 1 : selected }
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
    /// Lets people type to narrow a long list (members by name or e-mail).
    public func enableSearch() {
        guard let expression = gtk_property_expression_new(gtk_string_object_get_type(), nil, "string") else { return }
        gtk_drop_down_set_expression(opaque, expression)
        gtk_expression_unref(expression)
        gtk_drop_down_set_enable_search(opaque, 1)
    }
}
