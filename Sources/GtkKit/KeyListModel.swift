import CGtk
import CGtkKit

/// A GListModel of int64 keys (row ids), backed by one contiguous C array.
///
/// The app keeps its rows in Swift (or SQL) and gives GTK only the ordered ids; a list view
/// binds each visible row by looking its key up. `setKeys` replaces everything with a single
/// "items-changed", so sorting or filtering in SQL and pushing the new order is O(n) memcpy.
/// Items are tiny GObjects made on demand for visible rows only; 100k keys cost 800 KB.
@MainActor
public final class KeyListModel: ObjectRef {
    override public class var gType: GType { gk_key_list_model_get_type() }

    private var model: OpaquePointer { opaque }

    /// The instance as `GListModel *`, for GTK functions taking a model.
    public var listModel: OpaquePointer { opaque }

    public convenience init(keys: [Int64] = []) {
        self.init(owning: UnsafeMutableRawPointer(gk_key_list_model_new()))
        if !keys.isEmpty { setKeys(keys) }
    }

    /// Replaces all keys; emits one items-changed(0, oldCount, keys.count) (none if both are 0).
    public func setKeys(_ keys: [Int64]) {
        keys.withUnsafeBufferPointer { buffer in
            gk_key_list_model_set_keys(model, buffer.baseAddress, guint(buffer.count))
        }
    }

    public var count: Int { Int(gk_key_list_model_get_count(model)) }

    /// The key at `position`, nil when out of range.
    public func key(at position: Int) -> Int64? {
        guard position >= 0 else { return nil }
        var key: Int64 = 0
        return gk_key_list_model_get_key(model, guint(position), &key) != 0 ? key : nil
    }

    /// Position of `key`, nil if absent (linear scan; fine for selection restore).
    public func position(of key: Int64) -> Int? {
        let p = gk_key_list_model_find(model, key)
        return p == cgtk_invalid_list_position() ? nil : Int(p)
    }

    /// The key carried by an item this model handed out (a GtkListItem's item, a selection
    /// model's item); nil for other objects.
    public nonisolated static func key(ofItem item: UnsafeMutableRawPointer?) -> Int64? {
        var key: Int64 = 0
        return gk_key_item_try_get_key(item, &key) != 0 ? key : nil
    }

    /// "items-changed" (position, removed, added).
    @discardableResult
    public func onItemsChanged(_ handler: @escaping @MainActor (_ position: Int, _ removed: Int, _ added: Int) -> Void) -> SignalHandlerID {
        Signal.connectUInt3(raw, "items-changed") { _, position, removed, added in
            handler(Int(position), Int(removed), Int(added))
        }
    }
}
