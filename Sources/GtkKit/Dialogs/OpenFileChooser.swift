import CGtk

/// "Open…": GTK's file chooser (the desktop's own through the portal when there is one), asking
/// for an existing file to read. GTK 4.8 has no GtkFileDialog yet, so this is
/// GtkFileChooserNative.
@MainActor
public final class OpenFileChooser: ObjectRef {
    override public class var gType: GType { gtk_file_chooser_native_get_type() }

    /// Called once with the chosen path, or nil when the person cancelled.
    public var onChosen: ((String?) -> Void)?

    public init(title: String, parent: Window, acceptLabel: String) {
        super.init(owning: UnsafeMutableRawPointer(
            gtk_file_chooser_native_new(title, parent.ptr(GtkWindow.self), GTK_FILE_CHOOSER_ACTION_OPEN, acceptLabel, nil)))
        gtk_native_dialog_set_modal(ptr(GtkNativeDialog.self), 1)
        Signal.connectPointer(raw, "response") { [weak self] _, response in
            guard let self else { return }
            // "response" carries an int, which GLib passes in the pointer-sized slot.
            let accepted = Int32(truncatingIfNeeded: Int(bitPattern: response)) == GTK_RESPONSE_ACCEPT.rawValue
            var path: String?
            if accepted, let file = gtk_file_chooser_get_file(OpaquePointer(self.raw)) {
                if let cPath = g_file_get_path(file) {
                    path = String(cString: cPath)
                    g_free(cPath)
                }
                g_object_unref(UnsafeMutableRawPointer(file))
            }
            self.onChosen?(path)
            self.onChosen = nil
        }
    }

    public required init(borrowing pointer: UnsafeMutableRawPointer) {
        super.init(borrowing: pointer)
    }

    /// Offers only files whose names match one of `patterns` ("*.pem"), under `name`, with
    /// "All files" as the other choice.
    public func addFilter(name: String, patterns: [String]) {
        let filter = gtk_file_filter_new()
        gtk_file_filter_set_name(filter, name)
        for pattern in patterns { gtk_file_filter_add_pattern(filter, pattern) }
        gtk_file_chooser_add_filter(OpaquePointer(raw), filter)
        let all = gtk_file_filter_new()
        gtk_file_filter_set_name(all, "All files")
        gtk_file_filter_add_pattern(all, "*")
        gtk_file_chooser_add_filter(OpaquePointer(raw), all)
        // The chooser holds its own references.
        g_object_unref(UnsafeMutableRawPointer(filter))
        g_object_unref(UnsafeMutableRawPointer(all))
    }

    public func show() {
        gtk_native_dialog_show(ptr(GtkNativeDialog.self))
    }
}
