import CGtk

// Right-click menus on lists: a click gesture to notice the secondary button, hit-testing to
// find which row was clicked, and a popover menu built from a GMenu pointing at the click.

private final class PressedBox {
    let handler: @MainActor (Int, Double, Double) -> Void
    init(_ handler: @escaping @MainActor (Int, Double, Double) -> Void) { self.handler = handler }
}

private let releasePressedBox: GClosureNotify = { data, _ in
    guard let data else { return }
    Unmanaged<PressedBox>.fromOpaque(data).release()
}

// "pressed": void (GtkGestureClick *, gint n_press, gdouble x, gdouble y, gpointer).
private let pressedThunk: @convention(c) (UnsafeMutableRawPointer?, gint, gdouble, gdouble, UnsafeMutableRawPointer?) -> Void = { _, count, x, y, data in
    let handler = Unmanaged<PressedBox>.fromOpaque(data!).takeUnretainedValue().handler
    MainActor.assumeIsolated { handler(Int(count), x, y) }
}

/// GtkGestureClick: reports presses of one mouse button (or any, with button 0).
@MainActor
public final class GestureClick: ObjectRef {
    override public class var gType: GType { gtk_gesture_click_get_type() }

    /// `button`: 1 primary, 2 middle, 3 secondary (context menus), 0 any.
    public convenience init(button: UInt32 = 0) {
        self.init(owning: UnsafeMutableRawPointer(gtk_gesture_click_new()))
        gtk_gesture_single_set_button(OpaquePointer(raw), guint(button))
    }

    /// "pressed": (number of presses, x, y) in the attached widget's coordinates.
    @discardableResult
    public func onPressed(_ handler: @escaping @MainActor (_ count: Int, _ x: Double, _ y: Double) -> Void) -> SignalHandlerID {
        let box = Unmanaged.passRetained(PressedBox(handler)).toOpaque()
        let id = cgtk_signal_connect(raw, "pressed", unsafeBitCast(pressedThunk, to: UnsafeRawPointer.self),
                                     box, releasePressedBox)
        return SignalHandlerID(rawValue: UInt(id))
    }
}

extension Widget {
    /// The deepest descendant under (x, y) in this widget's coordinates, as a raw pointer
    /// (compare it with the `raw` of widgets you know); nil over empty space.
    public func pick(x: Double, y: Double) -> UnsafeMutableRawPointer? {
        gtk_widget_pick(widget, x, y, GTK_PICK_DEFAULT).map { UnsafeMutableRawPointer($0) }
    }

    /// `raw` followed by its ancestors up to the root, for finding which known widget a
    /// picked descendant belongs to.
    public static func ancestors(of raw: UnsafeMutableRawPointer) -> [UnsafeMutableRawPointer] {
        var result: [UnsafeMutableRawPointer] = []
        var current: UnsafeMutablePointer<GtkWidget>? = raw.assumingMemoryBound(to: GtkWidget.self)
        while let widget = current {
            result.append(UnsafeMutableRawPointer(widget))
            current = gtk_widget_get_parent(widget)
        }
        return result
    }
}

/// GtkPopoverMenu: a menu (from a GMenu, e.g. a `<menu>` in a .ui file) shown at a point of
/// its parent widget, as right-click menus are.
@MainActor
public final class PopoverMenu: Widget {
    override public class var gType: GType { gtk_popover_menu_get_type() }

    /// A menu attached to `parent`; its actions resolve from `parent` upwards ("win.delete").
    /// Call `detach()` before `parent` goes away.
    public convenience init(menu: Menu, parent: Widget) {
        self.init(owning: UnsafeMutableRawPointer(gtk_popover_menu_new_from_model(menu.ptr())))
        gtk_widget_set_parent(widget, parent.widget)
        gtk_popover_set_has_arrow(ptr(), 0)
        gtk_widget_set_halign(widget, GTK_ALIGN_START)
    }

    /// Opens the menu pointing at (x, y) of the parent.
    public func popup(atX x: Double, y: Double) {
        var rect = GdkRectangle(x: gint(x), y: gint(y), width: 1, height: 1)
        gtk_popover_set_pointing_to(ptr(), &rect)
        gtk_popover_popup(ptr())
    }

    public func popdown() { gtk_popover_popdown(ptr()) }

    /// Removes the menu from its parent.
    public func detach() { gtk_widget_unparent(widget) }
}
