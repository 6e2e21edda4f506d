import CGtk

// Files dragged onto a widget from a file manager (or any app offering files): a GtkDropTarget
// taking a GdkFileList, or a single GFile. While a drag that offers files is over the widget,
// GTK gives it the :drop(active) state, which the theme draws as a highlight.

private final class DropBox {
    let handler: @MainActor ([FileReference]) -> Bool
    init(_ handler: @escaping @MainActor ([FileReference]) -> Bool) { self.handler = handler }
}

private let releaseDropBox: GClosureNotify = { data, _ in
    guard let data else { return }
    Unmanaged<DropBox>.fromOpaque(data).release()
}

// "drop": gboolean (GtkDropTarget *, const GValue *value, gdouble x, gdouble y, gpointer).
private let dropThunk: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<GValue>?, gdouble, gdouble, UnsafeMutableRawPointer?) -> gboolean = { _, value, _, _, data in
    let handler = Unmanaged<DropBox>.fromOpaque(data!).takeUnretainedValue().handler
    nonisolated(unsafe) let value = value
    return MainActor.assumeIsolated { handler(FileReference.files(in: value)) } ? 1 : 0
}

/// A file as another program handed it over: a path on this computer, or only an address
/// (a file of a web page or a remote folder, which has no local path).
public struct FileReference: Sendable, Hashable {
    /// The file's path on this computer; nil when it has none.
    public let path: String?
    /// Its URI (`file:///…`, `https://…`), for saying which file was meant.
    public let uri: String

    public init(path: String?, uri: String) {
        self.path = path
        self.uri = uri
    }

    /// The GFile's path and URI.
    static func of(_ file: OpaquePointer) -> FileReference {
        let path = g_file_get_path(file).map { cPath in
            defer { g_free(cPath) }
            return String(cString: cPath)
        }
        let uri = g_file_get_uri(file).map { cURI in
            defer { g_free(cURI) }
            return String(cString: cURI)
        } ?? ""
        return FileReference(path: path, uri: uri)
    }

    /// The files a GValue holds: a GdkFileList's, or one GFile; none for anything else.
    static func files(in value: UnsafePointer<GValue>?) -> [FileReference] {
        guard let value else { return [] }
        let type = value.pointee.g_type
        if type == gdk_file_list_get_type() {
            guard let list = g_value_get_boxed(value) else { return [] }
            var files: [FileReference] = []
            // The list and its files belong to the value.
            let head = gdk_file_list_get_files(OpaquePointer(list))
            var node = head
            while let current = node {
                if let file = current.pointee.data { files.append(of(OpaquePointer(file))) }
                node = current.pointee.next
            }
            g_slist_free(head)
            return files
        }
        if g_type_is_a(type, g_file_get_type()) != 0, let file = g_value_get_object(value) {
            return [of(OpaquePointer(file))]
        }
        return []
    }
}

/// GtkDropTarget for files: `onDrop` receives the files dropped (most file managers offer a
/// GdkFileList; some apps a single GFile). Attach it with `Widget.addController`.
@MainActor
public final class FileDropTarget: ObjectRef {
    override public class var gType: GType { gtk_drop_target_get_type() }

    /// The phase drops are taken in while active (see `isActive`).
    private var activePhase = GTK_PHASE_BUBBLE

    /// `beforeChildren`: files dropped anywhere on the widget are its own, even over a child
    /// that takes dropped text (an entry would insert the file's path); drags that offer no
    /// files still reach the children.
    public convenience init(beforeChildren: Bool = false) {
        self.init(owning: UnsafeMutableRawPointer(gtk_drop_target_new(GType(0), GDK_ACTION_COPY)))
        var types: [GType] = [gdk_file_list_get_type(), g_file_get_type()]
        gtk_drop_target_set_gtypes(opaque, &types, gsize(types.count))
        if beforeChildren { activePhase = GTK_PHASE_CAPTURE }
        gtk_event_controller_set_propagation_phase(opaque, activePhase)
    }

    /// Whether drops are taken now: off while the widget is busy with the last one (a drag
    /// over it then shows no highlight and is refused).
    public var isActive: Bool {
        get { gtk_event_controller_get_propagation_phase(opaque) != GTK_PHASE_NONE }
        set { gtk_event_controller_set_propagation_phase(opaque, newValue ? activePhase : GTK_PHASE_NONE) }
    }

    /// Runs with the files dropped; return false when they are not taken at all (the drag
    /// source then learns the drop failed).
    @discardableResult
    public func onDrop(_ handler: @escaping @MainActor ([FileReference]) -> Bool) -> SignalHandlerID {
        let box = Unmanaged.passRetained(DropBox(handler)).toOpaque()
        let id = cgtk_signal_connect(raw, "drop", unsafeBitCast(dropThunk, to: UnsafeRawPointer.self), box, releaseDropBox)
        return SignalHandlerID(rawValue: UInt(id))
    }
}
