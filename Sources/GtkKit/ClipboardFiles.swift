import CGtk

// Files copied in a file manager (Ctrl+C on a photo in Files) reach the clipboard as a
// text/uri-list, which GDK reads as a GdkFileList: pasting them is reading that value.

private final class ReadBox {
    let done: @MainActor ([FileReference]) -> Void
    init(_ done: @escaping @MainActor ([FileReference]) -> Void) { self.done = done }
}

// GAsyncReadyCallback: void (GObject *source, GAsyncResult *result, gpointer data).
private let readThunk: @convention(c) (UnsafeMutablePointer<GObject>?, OpaquePointer?, UnsafeMutableRawPointer?) -> Void = { source, result, data in
    nonisolated(unsafe) let source = source, result = result, data = data
    MainActor.assumeIsolated {
        let box = Unmanaged<ReadBox>.fromOpaque(data!).takeRetainedValue()
        var error: UnsafeMutablePointer<GError>?
        let value = gdk_clipboard_read_value_finish(OpaquePointer(source), result, &error)
        if let error { g_error_free(error) }
        // The value belongs to the clipboard's read.
        box.done(FileReference.files(in: value))
    }
}

extension Widget {
    /// The clipboard of the widget's display (what Ctrl+C put there, here or in another app).
    private var clipboard: OpaquePointer { gtk_widget_get_clipboard(widget) }

    /// Whether the clipboard holds files (or something GDK can read as files), without reading it.
    public var clipboardHoldsFiles: Bool {
        guard let formats = gdk_clipboard_get_formats(clipboard) else { return false }
        // A copy made in another app lists MIME types; the types GDK can read them as are added.
        let readable = gdk_content_formats_union_deserialize_gtypes(gdk_content_formats_ref(formats))
        defer { gdk_content_formats_unref(readable) }
        return gdk_content_formats_contain_gtype(readable, gdk_file_list_get_type()) != 0
    }

    /// The files on the clipboard; none when it holds none or cannot be read.
    public func clipboardFiles() async -> [FileReference] {
        await withCheckedContinuation { continuation in
            let box = Unmanaged.passRetained(ReadBox { continuation.resume(returning: $0) }).toOpaque()
            gdk_clipboard_read_value_async(clipboard, gdk_file_list_get_type(), gint(G_PRIORITY_DEFAULT), nil, readThunk, box)
        }
    }
}
