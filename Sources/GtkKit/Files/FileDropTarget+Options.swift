import CGtk

// What a form field needs of a file drop target beyond a page's: a single file offered as a
// GFile (some programs drag one that way), files taken anywhere on the field (before an entry
// inside it inserts the file's path as text), and no drops while it is busy.
extension FileDropTarget {
    /// Takes a single GFile as well as a file list.
    public func takeSingleFilesToo() {
        var types: [GType] = [gdk_file_list_get_type(), g_file_get_type()]
        gtk_drop_target_set_gtypes(opaque, &types, gsize(types.count))
    }

    /// Takes files before the widget's children see the drag; a drag offering no files still
    /// reaches them (text dropped on an entry).
    public func takeBeforeChildren() {
        gtk_event_controller_set_propagation_phase(opaque, GTK_PHASE_CAPTURE)
    }

    /// Off: a drag over the widget shows no highlight and is refused (while it is busy with
    /// the last file); on again in the capture phase (see `takeBeforeChildren`) or the
    /// default bubble phase.
    public func setActive(_ active: Bool, beforeChildren: Bool) {
        gtk_event_controller_set_propagation_phase(opaque, !active ? GTK_PHASE_NONE : beforeChildren ? GTK_PHASE_CAPTURE : GTK_PHASE_BUBBLE)
    }
}

extension ClipboardFiles {
    /// Whether the clipboard of `widget`'s display holds files (or something GDK reads as
    /// files), without reading it: Ctrl+V then adds files rather than pasting text.
    public static func holdFiles(for widget: Widget) -> Bool {
        guard let formats = gdk_clipboard_get_formats(gtk_widget_get_clipboard(widget.widget)) else { return false }
        // A copy made in another program lists MIME types; add the types GDK can read them as.
        let readable = gdk_content_formats_union_deserialize_gtypes(gdk_content_formats_ref(formats))
        defer { gdk_content_formats_unref(readable) }
        return gdk_content_formats_contain_gtype(readable, gdk_file_list_get_type()) != 0
    }
}
