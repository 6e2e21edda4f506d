import CGtk

/// GtkLinkButton: a button that opens an address in the desktop's browser when clicked
/// (a link in a preview of what members see). Its text is its accessible name.
@MainActor
public final class LinkButton: Button {
    override public class var gType: GType { gtk_link_button_get_type() }

    /// A link reading `label` (the address itself when nil) that opens `uri`.
    public convenience init(uri: String, label: String? = nil) {
        self.init(owning: UnsafeMutableRawPointer(gtk_link_button_new_with_label(uri, label ?? uri)))
    }

    public var uri: String {
        get { String(cString: gtk_link_button_get_uri(opaque)) }
        set { gtk_link_button_set_uri(opaque, newValue) }
    }
}
