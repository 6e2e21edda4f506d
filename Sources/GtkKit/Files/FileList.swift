import CGtk

/// Paths out of the lists of files GTK hands over: a drop's or the clipboard's
/// `GdkFileList`, or a file chooser's `GListModel` of `GFile`s. Files without a local path
/// (a phone's MTP folder, a web address) are left out: only local files can be read.
enum FileList {
    /// The paths of a `GValue` holding a `GdkFileList` (GDK_TYPE_FILE_LIST) or a single `GFile`.
    static func paths(ofValue value: UnsafeRawPointer) -> [String] {
        let gValue = value.assumingMemoryBound(to: GValue.self)
        let type = gValue.pointee.g_type
        if type == gdk_file_list_get_type() {
            guard let boxed = g_value_get_boxed(gValue) else { return [] }
            let list = gdk_file_list_get_files(OpaquePointer(boxed))
            defer { g_slist_free(list) }
            var paths: [String] = []
            var node = list
            while let current = node {
                if let file = current.pointee.data, let path = path(of: OpaquePointer(file)) { paths.append(path) }
                node = current.pointee.next
            }
            return paths
        }
        if g_type_is_a(type, g_file_get_type()) != 0, let object = g_value_get_object(gValue) {
            return path(of: OpaquePointer(object)).map { [$0] } ?? []
        }
        return []
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
