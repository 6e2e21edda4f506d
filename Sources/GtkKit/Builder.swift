import CGtk

/// Errors from GLib calls that report a GError.
public struct GLibError: Error, CustomStringConvertible, Sendable {
    public let domain: UInt32
    public let code: Int32
    public let message: String
    public var description: String { message }

    /// Converts and frees a GError.
    init(consuming error: UnsafeMutablePointer<GError>) {
        domain = error.pointee.domain
        code = error.pointee.code
        message = String(cString: error.pointee.message)
        g_error_free(error)
    }
}

/// Loads GtkBuilder UI definitions (`<object id="...">` files) and looks objects up by id.
///
///     let ui = try Builder(file: "ui/window.ui")
///     let window = ui.object("main_window", as: ApplicationWindow.self)
///
/// Templates (`<template>`) need a registered GType and are not supported from Swift.
@MainActor
public final class Builder: ObjectRef {
    override public class var gType: GType { gtk_builder_get_type() }

    /// An empty builder; add definitions with `add(file:)`/`add(string:)`.
    public convenience init() {
        self.init(owning: UnsafeMutableRawPointer(gtk_builder_new()))
    }

    /// Loads a file bundled in a registered GResource, e.g. "/org/example/App/window.ui".
    /// A missing resource is a packaging bug, so GTK aborts with a message.
    public convenience init(resource path: String) {
        self.init(owning: UnsafeMutableRawPointer(gtk_builder_new_from_resource(path)))
        labelsLoaded()
    }

    /// Builds only the objects `ids` names (and those they refer to) from a bundled file that
    /// holds several alternatives, such as two layouts of one page.
    public convenience init(resource path: String, objects ids: [String]) {
        self.init()
        let names = ids.map { g_strdup($0) }
        defer { names.forEach { g_free($0) } }
        var pointers: [UnsafeMutablePointer<CChar>?] = names + [nil]
        var error: UnsafeMutablePointer<GError>?
        let added = pointers.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                gtk_builder_add_objects_from_resource(opaque, path, $0, &error)
            }
        }
        if added == 0, let error {
            // A missing resource or id is a packaging bug, as for `init(resource:)`.
            fatalError("GtkKit.Builder: cannot build \(ids) from \(path): \(GLibError(consuming: error))")
        }
        labelsLoaded()
    }

    /// Loads a .ui file from disk (development runs, tests).
    public convenience init(file path: String) throws {
        self.init()
        try add(file: path)
    }

    /// Parses UI XML held in a string.
    public convenience init(string xml: String) throws {
        self.init()
        try add(string: xml)
    }

    public func add(file path: String) throws {
        var error: UnsafeMutablePointer<GError>?
        if gtk_builder_add_from_file(opaque, path, &error) == 0, let error {
            throw GLibError(consuming: error)
        }
        labelsLoaded()
    }

    public func add(string xml: String) throws {
        var error: UnsafeMutablePointer<GError>?
        if gtk_builder_add_from_string(opaque, xml, -1, &error) == 0, let error {
            throw GLibError(consuming: error)
        }
        labelsLoaded()
    }

    public func add(resource path: String) throws {
        var error: UnsafeMutablePointer<GError>?
        if gtk_builder_add_from_resource(opaque, path, &error) == 0, let error {
            throw GLibError(consuming: error)
        }
        labelsLoaded()
    }

    /// The labels a file shortens with "…" show their whole text on hover (`FullTextTooltip`).
    /// …and the password rows' peek buttons are named (`nameIconButtonsFromTooltips`).
    private func labelsLoaded() {
        FullTextTooltip.installOnEllipsizingLabels(of: opaque)
        guard let objects = gtk_builder_get_objects(opaque) else { return }
        defer { g_slist_free(objects) }
        var link: UnsafeMutablePointer<GSList>? = objects
        while let node = link {
            if let object = node.pointee.data, cgtk_is_a(object, adw_password_entry_row_get_type()) != 0 {
                PasswordEntryRow(borrowing: object).nameIconButtonsFromTooltips()
            }
            link = node.pointee.next
        }
    }

    /// The raw object with this id, or nil.
    public func rawObject(_ name: String) -> UnsafeMutableRawPointer? {
        gtk_builder_get_object(opaque, name).map { UnsafeMutableRawPointer($0) }
    }

    /// The object with this id wrapped as `T`, or nil if the id is missing or of another type.
    public func lookup<T: ObjectRef>(_ name: String, as type: T.Type = T.self) -> T? {
        guard let raw = rawObject(name), cgtk_is_a(raw, T.gType) != 0 else { return nil }
        return T(borrowing: raw)
    }

    /// The object with this id wrapped as `T`. A missing id or wrong type means the .ui file
    /// and the code disagree, a programming error: this stops with a message naming both.
    public func object<T: ObjectRef>(_ name: String, as type: T.Type = T.self) -> T {
        guard let raw = rawObject(name) else {
            fatalError("GtkKit.Builder: no object with id \"\(name)\"")
        }
        guard cgtk_is_a(raw, T.gType) != 0 else {
            fatalError("GtkKit.Builder: \"\(name)\" is a \(String(cString: cgtk_type_name_of(raw))), not \(T.self)")
        }
        return T(borrowing: raw)
    }
}

/// Registers a compiled .gresource bundle so `Builder(resource:)`, icons and CSS can use it.
public enum Resources {
    @MainActor
    public static func register(file path: String) throws {
        var error: UnsafeMutablePointer<GError>?
        guard let resource = g_resource_load(path, &error) else {
            throw GLibError(consuming: error!)
        }
        g_resources_register(resource)
        g_resource_unref(resource)
    }
}
