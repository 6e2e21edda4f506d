import CGtk

/// Paths out of the lists of files GTK hands over: a drop's or the clipboard's
/// `GdkFileList`, or a file chooser's `GListModel` of `GFile`s. Files without a local path
/// (a phone's MTP folder, a web address) are left out: only local files can be read.
enum FileList {
    /// The paths of a `GValue` holding a `GdkFileList` (GDK_TYPE_FILE_LIST) or a single `GFile`.
    static func paths(ofValue value: UnsafeRawPointer) -> [String] {
        var paths: [String] = []
        forEachFile(ofValue: value) { file in
            if let path = path(of: file) { paths.append(path) }
        }
        return paths
    }

    /// The addresses of the files of such a `GValue` that are not on this computer: a picture
    /// dragged from a web browser comes as its https:// address.
    static func addressesElsewhere(ofValue value: UnsafeRawPointer) -> [String] {
        var addresses: [String] = []
        forEachFile(ofValue: value) { file in
            guard path(of: file) == nil, let cURI = g_file_get_uri(file) else { return }
            defer { g_free(cURI) }
            addresses.append(String(cString: cURI))
        }
        return addresses
    }

    /// Each `GFile` of a `GValue` holding a `GdkFileList` or a single `GFile`, borrowed.
    private static func forEachFile(ofValue value: UnsafeRawPointer, _ body: (OpaquePointer) -> Void) {
        let gValue = value.assumingMemoryBound(to: GValue.self)
        let type = gValue.pointee.g_type
        if type == gdk_file_list_get_type() {
            guard let boxed = g_value_get_boxed(gValue) else { return }
            let list = gdk_file_list_get_files(OpaquePointer(boxed))
            defer { g_slist_free(list) }
            var node = list
            while let current = node {
                if let file = current.pointee.data { body(OpaquePointer(file)) }
                node = current.pointee.next
            }
        } else if g_type_is_a(type, g_file_get_type()) != 0, let object = g_value_get_object(gValue) {
            body(OpaquePointer(object))
        }
    }

    /// The paths of a `GListModel` of `GFile`s (a file chooser's several choices).
    static func paths(ofModel model: OpaquePointer) -> [String] {
        var paths: [String] = []
        for index in 0..<g_list_model_get_n_items(model) {
            guard let item = g_list_model_get_item(model, index) else { continue }
            defer { g_object_unref(item) }
            if let path = path(of: OpaquePointer(item)) { paths.append(path) }
        }
        return paths
    }

    static func path(of file: OpaquePointer) -> String? {
        guard let cPath = g_file_get_path(file) else { return nil }
        defer { g_free(cPath) }
        return String(cString: cPath)
    }
}
