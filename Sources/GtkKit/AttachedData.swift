import CGtk

// Swift state that must live as long as a GObject, not as long as one wrapper: wrappers are
// transient views (several may exist for one GObject, or none while GTK still shows it), so
// per-object Swift state is stored on the GObject itself with g_object_set_data_full and
// released by GLib when the object is finalized.

private let releaseAttached: GDestroyNotify = { data in
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}

enum AttachedData {
    /// Stores `value` (retained) on `object` under `key`, replacing and releasing any previous
    /// value; nil removes it.
    static func set(_ value: AnyObject?, on object: UnsafeMutableRawPointer, key: String) {
        let data = value.map { Unmanaged.passRetained($0).toOpaque() }
        g_object_set_data_full(object.assumingMemoryBound(to: GObject.self), key, data, data == nil ? nil : releaseAttached)
    }

    /// The value stored under `key`, if it is a `T`.
    static func get<T: AnyObject>(_ type: T.Type, on object: UnsafeMutableRawPointer, key: String) -> T? {
        guard let data = g_object_get_data(object.assumingMemoryBound(to: GObject.self), key) else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(data).takeUnretainedValue() as? T
    }
}
