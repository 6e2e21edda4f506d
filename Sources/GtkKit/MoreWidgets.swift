import CGtk

/// GtkImage showing a themed icon ("object-select-symbolic").
@MainActor
public final class Image: Widget {
    override public class var gType: GType { gtk_image_get_type() }

    public convenience init(iconName: String) {
        self.init(owning: UnsafeMutableRawPointer(gtk_image_new_from_icon_name(iconName)))
    }

    public var iconName: String? {
        get { gtk_image_get_icon_name(opaque).map { String(cString: $0) } }
        set { gtk_image_set_from_icon_name(opaque, newValue) }
    }

    /// The icon's size in pixels (a map pin larger than a list's icons).
    public var pixelSize: Int {
        get { Int(gtk_image_get_pixel_size(opaque)) }
        set { gtk_image_set_pixel_size(opaque, Int32(newValue)) }
    }
}

extension Button {
    /// Replaces the button's content (a box with a label and an icon, say). Its text then
    /// becomes the button's accessible name.
    public func setChild(_ child: Widget?) { gtk_button_set_child(button, child?.widget) }
}

extension Box {
    /// Removes every child.
    public func removeAll() {
        while let child = gtk_widget_get_first_child(widget) {
            gtk_box_remove(box, child)
        }
    }
}

extension Widget {
    /// 0 (transparent) to 1 (opaque): keeps a widget's space while hiding it, e.g. a check mark.
    public var opacity: Double {
        get { gtk_widget_get_opacity(widget) }
        set { gtk_widget_set_opacity(widget, newValue) }
    }
}
