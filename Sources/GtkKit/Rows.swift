import CGtk

/// Rows for boxed lists (`ListBox` with the "boxed-list" class) and preferences pages.

/// Shared AdwPreferencesRow API.
@MainActor
public class PreferencesRow: Widget {
    override public class var gType: GType { adw_preferences_row_get_type() }

    public var title: String {
        get { String(cString: adw_preferences_row_get_title(ptr())) }
        set { adw_preferences_row_set_title(ptr(), newValue) }
    }
}

/// AdwEntryRow: a titled text field in a boxed list (the editor dialog's fields). Text access
/// comes from `Editable`; the row title doubles as the accessible name.
@MainActor
public final class EntryRow: PreferencesRow {
    override public class var gType: GType { adw_entry_row_get_type() }

    public convenience init(title: String) {
        self.init(owning: UnsafeMutableRawPointer(adw_entry_row_new()))
        self.title = title
    }

    /// Shows an apply button and emits "apply" only when the user confirms the edit.
    public var showsApplyButton: Bool {
        get { adw_entry_row_get_show_apply_button(ptr()) != 0 }
        set { adw_entry_row_set_show_apply_button(ptr(), newValue ? 1 : 0) }
    }

    public var activatesDefault: Bool {
        get { adw_entry_row_get_activates_default(ptr()) != 0 }
        set { adw_entry_row_set_activates_default(ptr(), newValue ? 1 : 0) }
    }

    public func addSuffix(_ widget: Widget) { adw_entry_row_add_suffix(ptr(), widget.widget) }
    public func addPrefix(_ widget: Widget) { adw_entry_row_add_prefix(ptr(), widget.widget) }

    /// "entry-activated": Enter pressed in the field.
    @discardableResult
    public func onEntryActivated(_ handler: @escaping @MainActor () -> Void) -> SignalHandlerID {
        on("entry-activated", handler)
    }

    /// "apply": the apply button was pressed (needs `showsApplyButton`).
    @discardableResult
    public func onApply(_ handler: @escaping @MainActor () -> Void) -> SignalHandlerID {
        on("apply", handler)
    }
}

/// AdwPasswordEntryRow: an entry row whose text is shown as dots, with a button to peek. Text
/// access comes from `Editable`.
@MainActor
public final class PasswordEntryRow: PreferencesRow {
    override public class var gType: GType { adw_password_entry_row_get_type() }

    public convenience init(title: String) {
        self.init(owning: UnsafeMutableRawPointer(adw_password_entry_row_new()))
        self.title = title
        nameIconButtonsFromTooltips()
    }
}

extension Widget {
    /// Names the buttons a library built inside this widget that show only an icon (the peek
    /// button of AdwPasswordEntryRow) after their tooltips ("Show Text", in GTK's and
    /// libadwaita's own translation): GTK 4.8 names them after their image's type, "GtkImage".
    public func nameIconButtonsFromTooltips() {
        Self.nameIconButtons(inside: widget)
    }

    private static func nameIconButtons(inside widget: UnsafeMutablePointer<GtkWidget>) {
        if cgtk_is_a(widget, gtk_button_get_type()) != 0,
           let child = gtk_widget_get_first_child(widget), cgtk_is_a(child, gtk_image_get_type()) != 0,
           gtk_widget_get_next_sibling(child) == nil,
           let tooltip = gtk_widget_get_tooltip_text(widget) {
            cgtk_accessible_set_label(widget, tooltip)
        }
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            nameIconButtons(inside: current)
            child = gtk_widget_get_next_sibling(current)
        }
    }
}

/// AdwActionRow: title, subtitle and suffix widgets (a switch, a button, a value label).
@MainActor
public final class ActionRow: PreferencesRow {
    override public class var gType: GType { adw_action_row_get_type() }

    public convenience init(title: String, subtitle: String? = nil) {
        self.init(owning: UnsafeMutableRawPointer(adw_action_row_new()))
        self.title = title
        if let subtitle { self.subtitle = subtitle }
    }

    public var subtitle: String? {
        get { adw_action_row_get_subtitle(ptr()).map { String(cString: $0) } }
        set { adw_action_row_set_subtitle(ptr(), newValue) }
    }

    public var iconName: String? {
        get { adw_action_row_get_icon_name(ptr()).map { String(cString: $0) } }
        set { adw_action_row_set_icon_name(ptr(), newValue) }
    }

    public func addSuffix(_ widget: Widget) { adw_action_row_add_suffix(ptr(), widget.widget) }
    public func addPrefix(_ widget: Widget) { adw_action_row_add_prefix(ptr(), widget.widget) }

    /// Clicking the row activates `widget` (toggles the switch in it) and makes it activatable.
    public func setActivatableWidget(_ widget: Widget?) {
        adw_action_row_set_activatable_widget(ptr(), widget?.widget)
    }

    /// "activated": the row was clicked or Enter pressed (needs the row to be activatable).
    @discardableResult
    public func onActivated(_ handler: @escaping @MainActor () -> Void) -> SignalHandlerID {
        on("activated", handler)
    }
}

/// AdwPreferencesGroup: a titled boxed list of rows (the editor dialog's sections).
@MainActor
public final class PreferencesGroup: Widget {
    override public class var gType: GType { adw_preferences_group_get_type() }

    public convenience init(title: String? = nil, description: String? = nil) {
        self.init(owning: UnsafeMutableRawPointer(adw_preferences_group_new()))
        if let title { adw_preferences_group_set_title(ptr(), title) }
        if let description { adw_preferences_group_set_description(ptr(), description) }
    }

    public var title: String {
        get { String(cString: adw_preferences_group_get_title(ptr())) }
        set { adw_preferences_group_set_title(ptr(), newValue) }
    }

    public var groupDescription: String {
        get { adw_preferences_group_get_description(ptr()).map { String(cString: $0) } ?? "" }
        set { adw_preferences_group_set_description(ptr(), newValue) }
    }

    /// Adds a row (or any widget) to the group's boxed list.
    public func add(_ row: Widget) { adw_preferences_group_add(ptr(), row.widget) }
    public func remove(_ row: Widget) { adw_preferences_group_remove(ptr(), row.widget) }

    /// A widget shown at the end of the title line (an "Add" button).
    public func setHeaderSuffix(_ widget: Widget?) {
        adw_preferences_group_set_header_suffix(ptr(), widget?.widget)
    }
}

/// AdwExpanderRow: a titled row that opens to show rows of its own (a long list kept folded).
@MainActor
public final class ExpanderRow: PreferencesRow {
    override public class var gType: GType { adw_expander_row_get_type() }

    public convenience init(title: String, subtitle: String? = nil) {
        self.init(owning: UnsafeMutableRawPointer(adw_expander_row_new()))
        self.title = title
        if let subtitle { adw_expander_row_set_subtitle(ptr(), subtitle) }
    }

    public var isExpanded: Bool {
        get { adw_expander_row_get_expanded(ptr()) != 0 }
        set { adw_expander_row_set_expanded(ptr(), newValue ? 1 : 0) }
    }

    /// Adds a row shown while the row is open.
    public func addRow(_ row: Widget) { adw_expander_row_add_row(ptr(), row.widget) }
}
