import CGtk

/// "Open…" and "Save as…": GTK's file chooser (the desktop's own through the portal when there
/// is one). GTK 4.8 has no GtkFileDialog yet, so this is GtkFileChooserNative.
@MainActor
public final class FileChooser: ObjectRef {
    public enum Purpose {
        /// An existing file to read.
        case open
        /// Where to write a file, starting from `suggestedName`.
        case save(suggestedName: String)
    }

    override public class var gType: GType { gtk_file_chooser_native_get_type() }

    /// Called once with the chosen path, or nil when the person cancelled.
    public var onChosen: ((String?) -> Void)?
    /// With `allowsSeveral`: called once with every path chosen (empty when cancelled), instead
    /// of `onChosen`.
    public var onChosenSeveral: (([String]) -> Void)?

    /// Several files may be chosen at once (open only).
    public var allowsSeveral: Bool {
        get { gtk_file_chooser_get_select_multiple(OpaquePointer(raw)) != 0 }
        set { gtk_file_chooser_set_select_multiple(OpaquePointer(raw), newValue ? 1 : 0) }
    }

    public init(_ purpose: Purpose, title: String, parent: Window, acceptLabel: String) {
        let action: GtkFileChooserAction
        switch purpose {
        case .open: action = GTK_FILE_CHOOSER_ACTION_OPEN
        case .save: action = GTK_FILE_CHOOSER_ACTION_SAVE
        }
        super.init(owning: UnsafeMutableRawPointer(
            gtk_file_chooser_native_new(title, parent.ptr(GtkWindow.self), action, acceptLabel, nil)))
        gtk_native_dialog_set_modal(ptr(GtkNativeDialog.self), 1)
        if case .save(let suggestedName) = purpose {
            gtk_file_chooser_set_current_name(OpaquePointer(raw), suggestedName)
        }
        Signal.connectPointer(raw, "response") { [weak self] _, response in
            guard let self else { return }
            // "response" carries an int, which GLib passes in the pointer-sized slot.
            let accepted = Int32(truncatingIfNeeded: Int(bitPattern: response)) == GTK_RESPONSE_ACCEPT.rawValue
            if let several = self.onChosenSeveral {
                self.onChosenSeveral = nil
                several(accepted ? self.chosenPaths() : [])
                return
            }
            self.onChosen?(accepted ? self.chosenPath() : nil)
            self.onChosen = nil
        }
    }

    public required init(borrowing pointer: UnsafeMutableRawPointer) {
        super.init(borrowing: pointer)
    }

    private func chosenPath() -> String? {
        guard let file = gtk_file_chooser_get_file(OpaquePointer(raw)) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        guard let cPath = g_file_get_path(file) else { return nil }
        defer { g_free(cPath) }
        return String(cString: cPath)
    }

    private func chosenPaths() -> [String] {
        guard let files = gtk_file_chooser_get_files(OpaquePointer(raw)) else { return [] }
        defer { g_object_unref(UnsafeMutableRawPointer(files)) }
        return FileList.paths(ofModel: files)
    }

    /// Offers only files whose names match one of `patterns` ("*.pem"), under `name`, with
    /// every file (under `allFilesName`, in the caller's language) as the other choice.
    public func addFilter(name: String, patterns: [String], allFilesName: String) {
        let filter = gtk_file_filter_new()
        for pattern in patterns { gtk_file_filter_add_pattern(filter, pattern) }
        add(filter, name: name, allFilesName: allFilesName)
    }

    /// Offers only files of `mimeTypes` ("image/jpeg"), or whose names end in one of
    /// `suffixes` ("jpg", any case), under `name`, with every file (under `allFilesName`) as
    /// the other choice: what the filter hides can still be chosen, and is then checked.
    public func addFilter(name: String, mimeTypes: [String], suffixes: [String], allFilesName: String) {
        let filter = gtk_file_filter_new()
        for type in mimeTypes { gtk_file_filter_add_mime_type(filter, type) }
        for suffix in suffixes { gtk_file_filter_add_suffix(filter, suffix) }
        add(filter, name: name, allFilesName: allFilesName)
    }

    /// Adds `filter` under `name`, then every file under `allFilesName`.
    private func add(_ filter: OpaquePointer?, name: String, allFilesName: String) {
        gtk_file_filter_set_name(filter, name)
        gtk_file_chooser_add_filter(OpaquePointer(raw), filter)
        let all = gtk_file_filter_new()
        gtk_file_filter_set_name(all, allFilesName)
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
