import StewardCore

/// The store's side of append-only types (the stamp ledger): a record is written once, never
/// changed or deleted, whatever the console sends; a mistake is undone by a new, reversing
/// record. A replayed push never gets here (it is answered from its first result).
enum AppendOnlyPushes {
    /// Why the store refuses `item`, or nil for a new record.
    static func refusal(_ item: PushBatch.Item, type: RecordType, current: RemoteRecord?) -> String? {
        guard let refusal = type.appendOnlyRefusal else { return nil }
        return item.operation == .delete || current != nil ? refusal : nil
    }
}
