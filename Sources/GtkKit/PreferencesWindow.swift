import CGtk

/// AdwPreferencesWindow: the standard Preferences window, its pages and groups usually from a
/// builder file.
@MainActor
public final class PreferencesWindow: Window {
    override public class var gType: GType { adw_preferences_window_get_type() }
}

/// AdwComboRow over a list of strings: a titled row that picks one of a few choices (an
/// interval, an organization), the choices given in the person's language.
@MainActor
public final class ComboRow: PreferencesRow {
    override public class var gType: GType { adw_combo_row_get_type() }

    /// Replaces the choices; the selection moves to the first.
    public func setStrings(_ strings: [String]) {
        let list = gtk_string_list_new(nil)!
        for string in strings { gtk_string_list_append(list, string) }
        adw_combo_row_set_model(ptr(), list)
        g_object_unref(UnsafeMutableRawPointer(list))
    }

    /// Index of the selected choice; nil when nothing is selected.
    public var selectedIndex: Int? {
        get {
            let index = adw_combo_row_get_selected(ptr())
            return index == cgtk_invalid_list_position() ? nil : Int(index)
        }
        set { adw_combo_row_set_selected(ptr(), newValue.map { guint($0) } ?? cgtk_invalid_list_position()) }
    }

    public var subtitle: String? {
        get { adw_action_row_get_subtitle(ptr()).map { String(cString: $0) } }
        set { adw_action_row_set_subtitle(ptr(), newValue) }
    }

    /// Runs with the new index after the selection changed, by the person or in code.
    @discardableResult
    public func onSelectionChanged(_ handler: @escaping @MainActor (Int?) -> Void) -> SignalHandlerID {
        Signal.connectPointer(raw, "notify::selected") { sender, _ in
            let index = adw_combo_row_get_selected(sender.assumingMemoryBound(to: AdwComboRow.self))
            handler(index == cgtk_invalid_list_position() ? nil : Int(index))
        }
    }
}
