import CGtk

/// GtkLabel: static or read-only text.
@MainActor
public final class Label: Widget {
    override public class var gType: GType { gtk_label_get_type() }

    public convenience init(_ text: String = "") {
        self.init(owning: UnsafeMutableRawPointer(gtk_label_new(text)))
    }

    public var text: String {
        get { String(cString: gtk_label_get_text(opaque)) }
        set { gtk_label_set_text(opaque, newValue) }
    }

    /// Pango markup; escape user text with `Label.escapeMarkup`.
    public func setMarkup(_ markup: String) { gtk_label_set_markup(opaque, markup) }

    public static func escapeMarkup(_ text: String) -> String {
        guard let escaped = g_markup_escape_text(text, -1) else { return "" }
        defer { g_free(escaped) }
        return String(cString: escaped)
    }

    /// Horizontal alignment of the text inside the label: 0 = start, 1 = end.
    public var xalign: Float {
        get { gtk_label_get_xalign(opaque) }
        set { gtk_label_set_xalign(opaque, newValue) }
    }

    /// Shorten overflowing text with "…" (list cells want `.end`); the whole text then shows
    /// in a tooltip while it is shortened (`FullTextTooltip`).
    public var ellipsize: PangoEllipsizeMode {
        get { gtk_label_get_ellipsize(opaque) }
        set {
            gtk_label_set_ellipsize(opaque, newValue)
            if newValue != PANGO_ELLIPSIZE_NONE { FullTextTooltip.install(on: raw) }
        }
    }

    public var wraps: Bool {
        get { gtk_label_get_wrap(opaque) != 0 }
        set { gtk_label_set_wrap(opaque, newValue ? 1 : 0) }
    }

    public var isSelectable: Bool {
        get { gtk_label_get_selectable(opaque) != 0 }
        set { gtk_label_set_selectable(opaque, newValue ? 1 : 0) }
    }

    /// The widget activated by the label's mnemonic; also names it for screen readers.
    public func setMnemonicWidget(_ widget: Widget?) { gtk_label_set_mnemonic_widget(opaque, widget?.widget) }
}
