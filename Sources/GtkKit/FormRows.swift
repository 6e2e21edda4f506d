import CGtk

// Pieces for forms built in code from a description of their fields, where a .ui file
// cannot know the rows in advance.

extension PreferencesRow {
    /// A plain row holding `child`: a layout of its own (a label over a field), or an error
    /// line under a field. `activatable` false: clicking it does nothing; `focusable` false: the
    /// keyboard passes over the row itself (its child may still take focus).
    public convenience init(child: Widget, activatable: Bool = false, focusable: Bool = true) {
        self.init(owning: UnsafeMutableRawPointer(adw_preferences_row_new()))
        let row: UnsafeMutablePointer<GtkListBoxRow> = ptr()
        gtk_list_box_row_set_child(row, child.widget)
        gtk_list_box_row_set_activatable(row, activatable ? 1 : 0)
        gtk_widget_set_focusable(widget, focusable ? 1 : 0)
    }
}

extension Box {
    /// Moves `child` to just after `sibling` (to the front when nil) without taking it out of
    /// the box, so a focused button inside it keeps the focus.
    public func reorderChild(_ child: Widget, after sibling: Widget?) {
        gtk_box_reorder_child_after(box, child.widget, sibling?.widget)
    }
}

extension Widget {
    /// Whether the widget itself takes keyboard focus (its children may, either way).
    public var isFocusable: Bool {
        get { gtk_widget_get_focusable(widget) != 0 }
        set { gtk_widget_set_focusable(widget, newValue ? 1 : 0) }
    }
}
