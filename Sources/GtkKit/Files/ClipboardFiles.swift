import CGtk

/// Reads the files copied to the clipboard (Ctrl+C on files in Files), as local paths.
@MainActor
public enum ClipboardFiles {
    /// Calls `done` with the paths of the files on `widget`'s display's clipboard; an empty
    /// list when it holds no files (text, an image's pixels) or cannot be read.
    public static func read(for widget: Widget, _ done: @escaping @MainActor ([String]) -> Void) {
        let clipboard = gtk_widget_get_clipboard(widget.widget)
        let box = Unmanaged.passRetained(DoneBox(done)).toOpaque()
        gdk_clipboard_read_value_async(clipboard, gdk_file_list_get_type(), Int32(G_PRIORITY_DEFAULT), nil, { source, result, data in
            let box = Unmanaged<DoneBox>.fromOpaque(data!).takeRetainedValue()
            var error: UnsafeMutablePointer<GError>?
            let value = gdk_clipboard_read_value_finish(OpaquePointer(source), result, &error)
            if let error { g_error_free(error) }
            nonisolated(unsafe) let paths = value.map { FileList.paths(ofValue: UnsafeRawPointer($0)) } ?? []
            MainActor.assumeIsolated { box.done(paths) }
        }, box)
    }

    private final class DoneBox {
        let done: @MainActor ([String]) -> Void
        init(_ done: @escaping @MainActor ([String]) -> Void) { self.done = done }
    }
}

extension Widget {
    /// Puts `text` on the clipboard of the widget's display (a Copy button).
    public func copyToClipboard(_ text: String) {
        gdk_clipboard_set_text(gtk_widget_get_clipboard(widget), text)
    }
}
