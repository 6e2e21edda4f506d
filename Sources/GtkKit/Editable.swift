import CGtk

/// Widgets implementing GtkEditable: Entry, SearchEntry, PasswordEntry, AdwEntryRow,
/// SpinButton. Text access and "changed" are shared through the interface.
@MainActor
public protocol Editable: Widget {}

extension Editable {
    public var text: String {
        get { String(cString: gtk_editable_get_text(opaque)) }
        set { gtk_editable_set_text(opaque, newValue) }
    }

    public var isEditable: Bool {
        get { gtk_editable_get_editable(opaque) != 0 }
        set { gtk_editable_set_editable(opaque, newValue ? 1 : 0) }
    }

    /// How many characters wide it asks to be (-1: its natural width).
    public var widthChars: Int {
        get { Int(gtk_editable_get_width_chars(opaque)) }
        set { gtk_editable_set_width_chars(opaque, gint(newValue)) }
    }

    /// Selects the whole text (typical when focusing a field to replace it).
    public func selectAll() { gtk_editable_select_region(opaque, 0, -1) }

    /// "changed": after every edit, including programmatic `text = ...`.
    @discardableResult
    public func onChanged(_ handler: @escaping @MainActor () -> Void) -> SignalHandlerID {
        on("changed", handler)
    }
}

/// GtkEntry: a single-line text field.
@MainActor
public final class Entry: Widget, Editable {
    override public class var gType: GType { gtk_entry_get_type() }

    public convenience init(placeholder: String? = nil) {
        self.init(owning: UnsafeMutableRawPointer(gtk_entry_new()))
        if let placeholder { self.placeholder = placeholder }
    }

    public var placeholder: String? {
        get { gtk_entry_get_placeholder_text(ptr()).map { String(cString: $0) } }
        set { gtk_entry_set_placeholder_text(ptr(), newValue) }
    }

    /// Enter activates the window's default widget (a dialog's "Save").
    public var activatesDefault: Bool {
        get { gtk_entry_get_activates_default(ptr()) != 0 }
        set { gtk_entry_set_activates_default(ptr(), newValue ? 1 : 0) }
    }

    public var maxLength: Int {
        get { Int(gtk_entry_get_max_length(ptr())) }
        set { gtk_entry_set_max_length(ptr(), gint(newValue)) }
    }

    /// "activate": Enter pressed.
    @discardableResult
    public func onActivate(_ handler: @escaping @MainActor () -> Void) -> SignalHandlerID {
        on("activate", handler)
    }
}

/// GtkSearchEntry: "search-changed" fires after a short pause in typing, so filtering on it
/// does not run a query per keystroke.
@MainActor
public final class SearchEntry: Widget, Editable {
    override public class var gType: GType { gtk_search_entry_get_type() }

    public convenience init(placeholder: String? = nil) {
        self.init(owning: UnsafeMutableRawPointer(gtk_search_entry_new()))
        // GtkSearchEntry has no placeholder setter before 4.10, only the property.
        // Made in code among other controls (the Rides board's toolbar), the field leaves the
        // room to them; `setPlaceholder` keeps room for the whole placeholder.
        if let placeholder { setProperty("placeholder-text", placeholder) }
    }

    /// The grey text shown while the field is empty ("Search books"). The field keeps room for
    /// all of it: squeezed by its neighbours (a long count in a longer language), a search field
    /// would otherwise shrink until its own placeholder is cut off.
    public func setPlaceholder(_ text: String) {
        setProperty("placeholder-text", text)
        Self.keepRoom(for: text, in: opaque)
    }

    static func keepRoom(for placeholder: String, in entry: OpaquePointer) {
        // Two characters more than the text: the average character width GTK counts in is a
        // little narrower than some words' letters.
        gtk_editable_set_width_chars(entry, gint(min(placeholder.count + 2, 40)))
    }

    /// The same for a search field read from a .ui file with its placeholder.
    static func keepRoomForPlaceholder(of object: UnsafeMutableRawPointer) {
        guard cgtk_is_a(object, gtk_search_entry_get_type()) != 0 else { return }
        let value = GValueBox(string: nil)
        let placeholder: String? = withExtendedLifetime(value) {
            g_object_get_property(object.assumingMemoryBound(to: GObject.self), "placeholder-text", value.pointer)
            return g_value_get_string(value.pointer).map { String(cString: $0) }
        }
        guard let placeholder, !placeholder.isEmpty else { return }
        keepRoom(for: placeholder, in: OpaquePointer(object))
    }

    /// Lets the entry receive typing that starts anywhere in `widget` (type-to-search).
    public func setKeyCaptureWidget(_ widget: Widget?) {
        gtk_search_entry_set_key_capture_widget(opaque, widget?.widget)
    }

    @discardableResult
    public func onSearchChanged(_ handler: @escaping @MainActor () -> Void) -> SignalHandlerID {
        on("search-changed", handler)
    }

    /// "activate": Enter pressed.
    @discardableResult
    public func onActivate(_ handler: @escaping @MainActor () -> Void) -> SignalHandlerID {
        on("activate", handler)
    }

    /// "stop-search": Escape pressed; usually clears the field or hides the search bar.
    @discardableResult
    public func onStopSearch(_ handler: @escaping @MainActor () -> Void) -> SignalHandlerID {
        on("stop-search", handler)
    }
}

extension SpinButton: Editable {}
extension EntryRow: Editable {}
extension PasswordEntryRow: Editable {}
