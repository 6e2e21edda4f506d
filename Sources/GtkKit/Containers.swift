import CGtk

/// GtkBox: children in a row or a column.
@MainActor
public final class Box: Widget {
    override public class var gType: GType { gtk_box_get_type() }

    public var box: UnsafeMutablePointer<GtkBox> { ptr() }

    public convenience init(_ orientation: GtkOrientation = GTK_ORIENTATION_VERTICAL, spacing: Int = 0) {
        self.init(owning: UnsafeMutableRawPointer(gtk_box_new(orientation, gint(spacing))))
    }

    public static func vertical(spacing: Int = 0) -> Box { Box(GTK_ORIENTATION_VERTICAL, spacing: spacing) }
    public static func horizontal(spacing: Int = 0) -> Box { Box(GTK_ORIENTATION_HORIZONTAL, spacing: spacing) }

    public func append(_ child: Widget) { gtk_box_append(box, child.widget) }
    public func prepend(_ child: Widget) { gtk_box_prepend(box, child.widget) }
    public func remove(_ child: Widget) { gtk_box_remove(box, child.widget) }
    /// Puts `child` right after `sibling` (first when `sibling` is nil).
    public func insert(_ child: Widget, after sibling: Widget?) { gtk_box_insert_child_after(box, child.widget, sibling?.widget) }
}

/// GtkScrolledWindow: scrolls one child (lists, text views, long forms).
@MainActor
public final class ScrolledWindow: Widget {
    override public class var gType: GType { gtk_scrolled_window_get_type() }

    public convenience init(child: Widget? = nil) {
        self.init(owning: UnsafeMutableRawPointer(gtk_scrolled_window_new()))
        if let child { setChild(child) }
    }

    public func setChild(_ child: Widget?) { gtk_scrolled_window_set_child(opaque, child?.widget) }

    /// Scrollbar policies; lists usually want (.never, .automatic).
    public func setPolicy(horizontal: GtkPolicyType, vertical: GtkPolicyType) {
        gtk_scrolled_window_set_policy(opaque, horizontal, vertical)
    }
}

/// AdwHeaderBar: the title bar with window controls; pack buttons at the start or end.
@MainActor
public final class HeaderBar: Widget {
    override public class var gType: GType { adw_header_bar_get_type() }

    public convenience init() {
        self.init(owning: UnsafeMutableRawPointer(adw_header_bar_new()))
    }

    public func packStart(_ child: Widget) { adw_header_bar_pack_start(opaque, child.widget) }
    public func packEnd(_ child: Widget) { adw_header_bar_pack_end(opaque, child.widget) }
    public func setTitleWidget(_ widget: Widget?) { adw_header_bar_set_title_widget(opaque, widget?.widget) }
}

/// GtkStack: shows one named child at a time (e.g. "list" / "empty").
@MainActor
public final class Stack: Widget {
    override public class var gType: GType { gtk_stack_get_type() }

    public convenience init() {
        self.init(owning: UnsafeMutableRawPointer(gtk_stack_new()))
    }

    public func addNamed(_ child: Widget, name: String) {
        gtk_stack_add_named(opaque, child.widget, name)
    }

    public var visibleChildName: String? {
        get { gtk_stack_get_visible_child_name(opaque).map { String(cString: $0) } }
        set { if let newValue { gtk_stack_set_visible_child_name(opaque, newValue) } }
    }

    public func child(named name: String) -> Widget? {
        gtk_stack_get_child_by_name(opaque, name).map { Widget(borrowing: UnsafeMutableRawPointer($0)) }
    }

    @discardableResult
    public func onVisibleChildChanged(_ handler: @escaping @MainActor (String?) -> Void) -> SignalHandlerID {
        Signal.connectPointer(raw, "notify::visible-child-name") { sender, _ in
            handler(gtk_stack_get_visible_child_name(OpaquePointer(sender)).map { String(cString: $0) })
        }
    }
}

/// AdwViewStack: named pages with titles and icons, switched by an AdwViewSwitcher.
@MainActor
public final class ViewStack: Widget {
    override public class var gType: GType { adw_view_stack_get_type() }

    public convenience init() {
        self.init(owning: UnsafeMutableRawPointer(adw_view_stack_new()))
    }

    public func addTitled(_ child: Widget, name: String, title: String, iconName: String? = nil) {
        let page = adw_view_stack_add_titled(opaque, child.widget, name, title)
        if let iconName, let page { adw_view_stack_page_set_icon_name(page, iconName) }
    }

    public var visibleChildName: String? {
        get { adw_view_stack_get_visible_child_name(opaque).map { String(cString: $0) } }
        set { if let newValue { adw_view_stack_set_visible_child_name(opaque, newValue) } }
    }

    public func child(named name: String) -> Widget? {
        adw_view_stack_get_child_by_name(opaque, name).map { Widget(borrowing: UnsafeMutableRawPointer($0)) }
    }

    @discardableResult
    public func onVisibleChildChanged(_ handler: @escaping @MainActor (String?) -> Void) -> SignalHandlerID {
        Signal.connectPointer(raw, "notify::visible-child-name") { sender, _ in
            handler(adw_view_stack_get_visible_child_name(OpaquePointer(sender)).map { String(cString: $0) })
        }
    }
}
