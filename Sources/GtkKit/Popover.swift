import CGtk

/// GtkPopover: a bubble anchored to a widget (date pickers, filters).
@MainActor
public final class Popover: Widget {
    override public class var gType: GType { gtk_popover_get_type() }

    public var popover: UnsafeMutablePointer<GtkPopover> { ptr() }

    public convenience init(child: Widget? = nil) {
        self.init(owning: UnsafeMutableRawPointer(gtk_popover_new()))
        if let child { setChild(child) }
    }

    public func setChild(_ child: Widget?) { gtk_popover_set_child(popover, child?.widget) }
    public func popup() { gtk_popover_popup(popover) }
    public func popdown() { gtk_popover_popdown(popover) }

    /// "closed": the popover was dismissed.
    @discardableResult
    public func onClosed(_ handler: @escaping @MainActor () -> Void) -> SignalHandlerID {
        on("closed", handler)
    }
}

/// GMenu: a menu model for `MenuButton` (the primary "hamburger" menu).
@MainActor
public final class Menu: ObjectRef {
    override public class var gType: GType { g_menu_get_type() }

    public convenience init() {
        self.init(owning: UnsafeMutableRawPointer(g_menu_new()))
    }

    /// Adds an item that activates `action` ("app.preferences", "win.export").
    public func append(_ label: String, action: String) { g_menu_append(opaque, label, action) }

    /// Adds a section (separated group of items).
    public func appendSection(_ label: String? = nil, _ section: Menu) {
        g_menu_append_section(opaque, label, section.ptr())
    }

    public func appendSubmenu(_ label: String, _ submenu: Menu) {
        g_menu_append_submenu(opaque, label, submenu.ptr())
    }
}

/// GtkMenuButton: shows a popover or a menu model when clicked.
@MainActor
public final class MenuButton: Widget {
    override public class var gType: GType { gtk_menu_button_get_type() }

    public convenience init(iconName: String? = nil, label: String? = nil, accessibleLabel: String) {
        self.init(owning: UnsafeMutableRawPointer(gtk_menu_button_new()))
        if let iconName { gtk_menu_button_set_icon_name(opaque, iconName) }
        if let label { gtk_menu_button_set_label(opaque, label) }
        setAccessibleLabel(accessibleLabel)
        tooltip = accessibleLabel
    }

    public var label: String? {
        get { gtk_menu_button_get_label(opaque).map { String(cString: $0) } }
        set { gtk_menu_button_set_label(opaque, newValue) }
    }

    public func setPopover(_ popover: Popover?) { gtk_menu_button_set_popover(opaque, popover?.widget) }
    /// The button's own content (an image of another size, a box) in place of an icon or label.
    public func setChild(_ child: Widget?) { gtk_menu_button_set_child(opaque, child?.widget) }
    public func setMenu(_ menu: Menu?) { gtk_menu_button_set_menu_model(opaque, menu?.ptr()) }

    /// Shows the popover as if clicked.
    public func popup() { gtk_menu_button_popup(opaque) }
    public func popdown() { gtk_menu_button_popdown(opaque) }

    /// Marks this as the window's primary menu (F10 opens it).
    public var isPrimary: Bool {
        get { gtk_menu_button_get_primary(opaque) != 0 }
        set { gtk_menu_button_set_primary(opaque, newValue ? 1 : 0) }
    }
}
