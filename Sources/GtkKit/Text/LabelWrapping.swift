import CGtk

extension Label {
    /// Wraps long words too (addresses, links), not only between words. Sets `wraps`.
    public var wrapsAnywhere: Bool {
        get { wraps && gtk_label_get_wrap_mode(opaque) == PANGO_WRAP_WORD_CHAR }
        set {
            gtk_label_set_wrap_mode(opaque, newValue ? PANGO_WRAP_WORD_CHAR : PANGO_WRAP_WORD)
            if newValue { wraps = true }
        }
    }

    /// The width the label asks for, in characters (-1: its text's).
    public var widthChars: Int {
        get { Int(gtk_label_get_width_chars(opaque)) }
        set { gtk_label_set_width_chars(opaque, gint(newValue)) }
    }

    /// Lines at most this many characters wide before wrapping (-1: no limit).
    public var maxWidthChars: Int {
        get { Int(gtk_label_get_max_width_chars(opaque)) }
        set { gtk_label_set_max_width_chars(opaque, gint(newValue)) }
    }
}
