import CGtk

/// GtkTextView for multi-line text (notes, descriptions). Text lives in its GtkTextBuffer;
/// `text` reads and replaces all of it.
@MainActor
public final class TextView: Widget {
    override public class var gType: GType { gtk_text_view_get_type() }

    public var textView: UnsafeMutablePointer<GtkTextView> { ptr() }

    public convenience init() {
        self.init(owning: UnsafeMutableRawPointer(gtk_text_view_new()))
        wrapMode = GTK_WRAP_WORD_CHAR
    }

    /// The buffer as `GtkTextBuffer *`.
    public var buffer: UnsafeMutablePointer<GtkTextBuffer> { gtk_text_view_get_buffer(textView) }

    public var text: String {
        get {
            var start = GtkTextIter(), end = GtkTextIter()
            gtk_text_buffer_get_bounds(buffer, &start, &end)
            guard let chars = gtk_text_buffer_get_text(buffer, &start, &end, 0) else { return "" }
            defer { g_free(chars) }
            return String(cString: chars)
        }
        set { gtk_text_buffer_set_text(buffer, newValue, -1) }
    }

    public var wrapMode: GtkWrapMode {
        get { gtk_text_view_get_wrap_mode(textView) }
        set { gtk_text_view_set_wrap_mode(textView, newValue) }
    }

    public var isEditable: Bool {
        get { gtk_text_view_get_editable(textView) != 0 }
        set { gtk_text_view_set_editable(textView, newValue ? 1 : 0) }
    }

    public var isMonospace: Bool {
        get { gtk_text_view_get_monospace(textView) != 0 }
        set { gtk_text_view_set_monospace(textView, newValue ? 1 : 0) }
    }

    /// The buffer's "changed": after every edit.
    @discardableResult
    public func onChanged(_ handler: @escaping @MainActor () -> Void) -> SignalHandlerID {
        Signal.connect(UnsafeMutableRawPointer(buffer), "changed") { _ in handler() }
    }
}
