import CGtk

/// AdwStatusPage: the big icon + title + description shown for empty states and errors.
@MainActor
public final class StatusPage: Widget {
    override public class var gType: GType { adw_status_page_get_type() }

    public convenience init(title: String, description: String? = nil, iconName: String? = nil) {
        self.init(owning: UnsafeMutableRawPointer(adw_status_page_new()))
        self.title = title
        self.statusDescription = description
        self.iconName = iconName
    }

    public var title: String {
        get { String(cString: adw_status_page_get_title(opaque)) }
        set { adw_status_page_set_title(opaque, newValue) }
    }

    /// Body text under the title (may contain Pango markup).
    public var statusDescription: String? {
        get { adw_status_page_get_description(opaque).map { String(cString: $0) } }
        set { adw_status_page_set_description(opaque, newValue) }
    }

    public var iconName: String? {
        get { adw_status_page_get_icon_name(opaque).map { String(cString: $0) } }
        set { adw_status_page_set_icon_name(opaque, newValue) }
    }

    /// Extra content under the text, typically a suggested-action button.
    public func setChild(_ child: Widget?) { adw_status_page_set_child(opaque, child?.widget) }
}
