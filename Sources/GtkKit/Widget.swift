import CGtk

/// Any GtkWidget. Subclasses add the API of their GTK class; everything common to all widgets
/// (accessibility, visibility, styling, focus, layout hints) lives here.
@MainActor
public class Widget: ObjectRef {
    override public class var gType: GType { gtk_widget_get_type() }

    /// The instance as `GtkWidget *`.
    public var widget: UnsafeMutablePointer<GtkWidget> { ptr() }

    // MARK: accessibility

    /// The name screen readers and UI tests use (GTK_ACCESSIBLE_PROPERTY_LABEL). Every control
    /// without a visible label (icon buttons, entries, switches) needs one. Write-only: GTK 4.8
    /// has no getter.
    public func setAccessibleLabel(_ label: String) {
        cgtk_accessible_set_label(raw, label)
    }

    /// A longer accessible description (GTK_ACCESSIBLE_PROPERTY_DESCRIPTION).
    public func setAccessibleDescription(_ text: String) {
        cgtk_accessible_set_description(raw, text)
    }

    /// The widgets (up to four) whose text describes this one (a hint under a field): screen
    /// readers read their text after the name. Empty clears the relation.
    public func setDescribedBy(_ others: [Widget]) {
        setRelation(GTK_ACCESSIBLE_RELATION_DESCRIBED_BY, to: others)
    }

    /// The widget that says what is wrong with this one while it is invalid (a field's problem
    /// message). nil clears the relation.
    public func setErrorMessage(_ message: Widget?) {
        cgtk_accessible_set_relation_one(raw, GTK_ACCESSIBLE_RELATION_ERROR_MESSAGE, message?.raw)
    }

    private func setRelation(_ relation: GtkAccessibleRelation, to others: [Widget]) {
        precondition(others.count <= 4, "a relation names at most four widgets")
        var targets: [gpointer?] = others.map { $0.raw }
        targets.withUnsafeMutableBufferPointer { buffer in
            cgtk_accessible_set_relation_list(raw, relation, buffer.baseAddress, Int32(buffer.count))
        }
    }

    /// Shows a field's problem to screen readers as they expect it: the field is marked invalid,
    /// tied to `message` (the label showing the problem) as its error message and as what
    /// describes it, and the problem is read after its name. `nil` clears them all once the
    /// problem is gone. Both relations, because readers that do not follow error-message yet
    /// follow described-by (GTK 4.8's AT-SPI bridge passes on described-by only).
    public func tieProblem(_ message: Label?) {
        let text = message?.text ?? ""
        setErrorMessage(message)
        setDescribedBy(message.map { [$0] } ?? [])
        setInvalid(message != nil)
        setAccessibleDescription(text)
    }

    /// Marks the widget invalid (or valid again) for screen readers, as an error message says.
    public func setInvalid(_ invalid: Bool) {
        cgtk_accessible_set_invalid(raw, invalid ? 1 : 0)
    }

    // MARK: state

    public var isVisible: Bool {
        get { gtk_widget_get_visible(widget) != 0 }
        set { gtk_widget_set_visible(widget, newValue ? 1 : 0) }
    }

    /// Whether the widget reacts to input (greyed out when false).
    public var isSensitive: Bool {
        get { gtk_widget_get_sensitive(widget) != 0 }
        set { gtk_widget_set_sensitive(widget, newValue ? 1 : 0) }
    }

    /// True when the widget and all its ancestors are visible and it has been mapped.
    public var isMapped: Bool { gtk_widget_get_mapped(widget) != 0 }

    public var tooltip: String? {
        get { gtk_widget_get_tooltip_text(widget).map { String(cString: $0) } }
        set { gtk_widget_set_tooltip_text(widget, newValue) }
    }

    /// The GtkBuildable id or widget name (used for CSS #name selectors).
    public var name: String {
        get { String(cString: gtk_widget_get_name(widget)) }
        set { gtk_widget_set_name(widget, newValue) }
    }

    // MARK: style

    public func addCSSClass(_ name: String) { gtk_widget_add_css_class(widget, name) }
    public func removeCSSClass(_ name: String) { gtk_widget_remove_css_class(widget, name) }
    public func hasCSSClass(_ name: String) -> Bool { gtk_widget_has_css_class(widget, name) != 0 }

    /// Adds or removes a class, e.g. `setCSSClass("error", entryIsInvalid)`.
    public func setCSSClass(_ name: String, _ enabled: Bool) {
        enabled ? addCSSClass(name) : removeCSSClass(name)
    }

    // MARK: focus

    /// Moves keyboard focus here; false if the widget cannot take focus now.
    @discardableResult
    public func grabFocus() -> Bool { gtk_widget_grab_focus(widget) != 0 }

    public var hasFocus: Bool { gtk_widget_has_focus(widget) != 0 }

    /// Moves the keyboard focus into this widget as Tab would from before it: a list focuses
    /// (and selects) the row it last had focused, or its first row.
    @discardableResult
    public func moveFocusInto() -> Bool { gtk_widget_child_focus(widget, GTK_DIR_TAB_FORWARD) != 0 }

    // MARK: layout

    public var hexpand: Bool {
        get { gtk_widget_get_hexpand(widget) != 0 }
        set { gtk_widget_set_hexpand(widget, newValue ? 1 : 0) }
    }

    public var vexpand: Bool {
        get { gtk_widget_get_vexpand(widget) != 0 }
        set { gtk_widget_set_vexpand(widget, newValue ? 1 : 0) }
    }

    public var halign: GtkAlign {
        get { gtk_widget_get_halign(widget) }
        set { gtk_widget_set_halign(widget, newValue) }
    }

    public var valign: GtkAlign {
        get { gtk_widget_get_valign(widget) }
        set { gtk_widget_set_valign(widget, newValue) }
    }

    /// Sets the same margin on all four sides.
    public func setMargins(_ margin: Int) {
        let m = gint(margin)
        gtk_widget_set_margin_top(widget, m)
        gtk_widget_set_margin_bottom(widget, m)
        gtk_widget_set_margin_start(widget, m)
        gtk_widget_set_margin_end(widget, m)
    }

    public func setMargins(top: Int, bottom: Int, start: Int, end: Int) {
        gtk_widget_set_margin_top(widget, gint(top))
        gtk_widget_set_margin_bottom(widget, gint(bottom))
        gtk_widget_set_margin_start(widget, gint(start))
        gtk_widget_set_margin_end(widget, gint(end))
    }

    /// Minimum size; -1 keeps the natural size for that dimension.
    public func setSizeRequest(width: Int = -1, height: Int = -1) {
        gtk_widget_set_size_request(widget, gint(width), gint(height))
    }

    /// Allocated size (0 until the widget has been laid out).
    public var allocatedWidth: Int { Int(gtk_widget_get_width(widget)) }
    public var allocatedHeight: Int { Int(gtk_widget_get_height(widget)) }

    // MARK: tree

    /// The parent widget, wrapped generically.
    public var parent: Widget? {
        gtk_widget_get_parent(widget).map { Widget(borrowing: UnsafeMutableRawPointer($0)) }
    }

    /// Direct children, in order (generic wrappers; use `as(_:)` to narrow).
    public var children: [Widget] {
        var result: [Widget] = []
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            result.append(Widget(borrowing: UnsafeMutableRawPointer(current)))
            child = gtk_widget_get_next_sibling(current)
        }
        return result
    }

    /// The first descendant (depth-first, self excluded) matching `predicate`: lets in-process
    /// tests reach widgets GTK or libadwaita built internally (a toast's button).
    public func firstDescendant(where predicate: (Widget) -> Bool) -> Widget? {
        for child in children {
            if predicate(child) { return child }
            if let found = child.firstDescendant(where: predicate) { return found }
        }
        return nil
    }

    /// The window this widget is in, if any.
    public var window: Window? {
        guard let root = gtk_widget_get_root(widget) else { return nil }
        let raw = UnsafeMutableRawPointer(root)
        return cgtk_is_a(raw, gtk_window_get_type()) != 0 ? Window(borrowing: raw) : nil
    }

    /// Attaches a GActionGroup under `prefix` so descendants can use "prefix.action" names.
    public func insertActionGroup(_ group: ActionGroup, prefix: String) {
        gtk_widget_insert_action_group(widget, prefix, group.opaque)
    }

    /// Activates an action by detailed name ("win.save") as if a button had triggered it.
    @discardableResult
    public func activateAction(_ name: String) -> Bool {
        gtk_widget_activate_action_variant(widget, name, nil) != 0
    }
}

extension Widget {
    /// Casts a generic wrapper to a more specific one after checking the GType; nil on mismatch.
    public func `as`<W: Widget>(_ type: W.Type) -> W? {
        isA(W.gType) ? W(borrowing: raw) : nil
    }
}
