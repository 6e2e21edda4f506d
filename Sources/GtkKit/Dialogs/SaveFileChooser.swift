import CGtk

/// "Save as…": GTK's file chooser (the desktop's own through the portal when there is one), asking
/// where to write a file. GTK 4.8 has no GtkFileDialog yet, so this is GtkFileChooserNative.
@MainActor
public final class SaveFileChooser: ObjectRef {
    override public class var gType: GType { gtk_file_chooser_native_get_type() }

    /// Called once with the chosen path, or nil when the person cancelled.
    public var onChosen: ((String?) -> Void)?

    public init(title: String, parent: Window, acceptLabel: String, suggestedName: String) {
        super.init(owning: UnsafeMutableRawPointer(
            gtk_file_chooser_native_new(title, parent.ptr(GtkWindow.self), GTK_FILE_CHOOSER_ACTION_SAVE, acceptLabel, nil)))
        gtk_native_dialog_set_modal(ptr(GtkNativeDialog.self), 1)
        gtk_file_chooser_set_current_name(OpaquePointer(raw), suggestedName)
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

    public func show() {
        gtk_native_dialog_show(ptr(GtkNativeDialog.self))
    }
}
