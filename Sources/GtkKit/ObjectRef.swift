import CGtk

/// A strong reference to a GObject, released when the wrapper goes away.
///
/// Every GtkKit wrapper derives from this. Wrappers are cheap views over the C object: several
/// wrappers may point at the same GObject, and the GObject stays alive as long as any of them
/// (or GTK itself, e.g. a parent container) holds a reference.
///
/// GTK types reach Swift in two shapes: final types (GtkLabel, GtkSwitch...) as `OpaquePointer`,
/// derivable ones (GtkWidget, GtkWindow...) as `UnsafeMutablePointer<T>`. The wrapper stores an
/// untyped pointer and hands out both shapes through `opaque` and `ptr()`, so the casts live here.
@MainActor
public class ObjectRef {
    /// The GObject instance (a `gpointer` in C terms). Immutable, so reading it from any
    /// isolation is safe; using it for GTK calls is still main-thread only.
    nonisolated(unsafe) public let raw: UnsafeMutableRawPointer

    /// The GType this wrapper expects; `Builder.object(_:as:)` checks it before wrapping.
    public class var gType: GType { g_object_get_type() }

    /// Takes ownership of a reference we created (`gtk_label_new`, `g_simple_action_new`...).
    /// Floating references (new widgets) are sunk; full references are adopted as they are.
    public init(owning pointer: UnsafeMutableRawPointer) {
        raw = pointer
        if g_object_is_floating(pointer) != 0 { g_object_ref_sink(pointer) }
    }

    /// Adds a reference to an object owned elsewhere (from a builder, a getter, a signal).
    public required init(borrowing pointer: UnsafeMutableRawPointer) {
        raw = pointer
        g_object_ref_sink(pointer)
    }

    // GObject refcounting is thread-safe, but finalizing a widget is not: drop the reference on
    // the main actor even if the last Swift reference goes away elsewhere.
    isolated deinit {
        g_object_unref(raw)
    }

    /// The instance as a final GTK type (those import as `OpaquePointer`).
    public var opaque: OpaquePointer { OpaquePointer(raw) }

    /// The instance as a derivable GTK type (those import as `UnsafeMutablePointer<T>`);
    /// `T` is usually inferred from the C function being called.
    public func ptr<T>(_: T.Type = T.self) -> UnsafeMutablePointer<T> {
        raw.assumingMemoryBound(to: T.self)
    }

    /// The runtime GType name, e.g. "GtkLabel"; handy in diagnostics.
    public var typeName: String { String(cString: cgtk_type_name_of(raw)) }

    /// True if the instance is (a subclass of) `type`.
    public func isA(_ type: GType) -> Bool { cgtk_is_a(raw, type) != 0 }

    /// Current reference count; only meant for tests and leak hunting.
    public var referenceCount: UInt32 { raw.assumingMemoryBound(to: GObject.self).pointee.ref_count }
}

extension ObjectRef: Hashable {
    nonisolated public static func == (lhs: ObjectRef, rhs: ObjectRef) -> Bool { lhs.raw == rhs.raw }
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(raw) }
}
