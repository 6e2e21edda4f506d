import CGtk

/// A GValue holding one string, boolean or int, for `g_object_set_property` on properties
/// that have no dedicated setter in GTK 4.8.
final class GValueBox {
    let pointer: UnsafeMutablePointer<GValue>

    private init(type: GType) {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: GValue())
        g_value_init(pointer, type)
    }

    convenience init(string: String?) {
        self.init(type: cgtk_type_string())
        g_value_set_string(pointer, string)
    }

    convenience init(bool: Bool) {
        self.init(type: cgtk_type_boolean())
        g_value_set_boolean(pointer, bool ? 1 : 0)
    }

    convenience init(int: Int32) {
        self.init(type: cgtk_type_int())
        g_value_set_int(pointer, int)
    }

    deinit {
        g_value_unset(pointer)
        pointer.deallocate()
    }
}

extension ObjectRef {
    /// Sets a GObject property by name (for properties without a C setter).
    public func setProperty(_ name: String, _ value: String?) {
        set(name, GValueBox(string: value))
    }

    public func setProperty(_ name: String, _ value: Bool) {
        set(name, GValueBox(bool: value))
    }

    public func setProperty(_ name: String, _ value: Int32) {
        set(name, GValueBox(int: value))
    }

    private func set(_ name: String, _ value: GValueBox) {
        // Swift may free a temporary right after its last use; keep the GValue alive for the call.
        withExtendedLifetime(value) { g_object_set_property(ptr(), name, value.pointer) }
    }

    /// Keeps `property` of this object and `targetProperty` of `target` equal
    /// (`g_object_bind_property` with G_BINDING_SYNC_CREATE).
    public func bindProperty(_ property: String, to target: ObjectRef, _ targetProperty: String,
                             bidirectional: Bool = false) {
        var flags = G_BINDING_SYNC_CREATE.rawValue
        if bidirectional { flags |= G_BINDING_BIDIRECTIONAL.rawValue }
        g_object_bind_property(raw, property, target.raw, targetProperty, GBindingFlags(rawValue: flags))
    }
}
