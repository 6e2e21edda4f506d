/// Keys for a `KeyListModel` that stay with their item across reloads: a list filled again
/// after a search or a sync gives each record the key it had, so its row, its selection and
/// the scroll position follow the record rather than its place in the list.
public struct StableKeys<ID: Hashable> {
    private var keys: [ID: Int64] = [:]
    private var next: Int64 = 1

    public init() {}

    /// The item's key, a new one the first time it is seen.
    public mutating func key(for id: ID) -> Int64 {
        if let key = keys[id] { return key }
        defer { next += 1 }
        keys[id] = next
        return next
    }

    /// The key the item was given, if it was ever listed.
    public func existingKey(for id: ID) -> Int64? { keys[id] }
}
