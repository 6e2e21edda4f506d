import StewardCore

/// The store's side of append-only types (the stamp ledger): a record is written once, never
/// changed or deleted, whatever the console sends; a mistake is undone by a new, reversing
/// record. A replayed push never gets here (it is answered from its first result).
enum AppendOnlyPushes {
    /// Why the store refuses `item`, or nil for a new record.
    static func refusal(_ item: PushBatch.Item, type: RecordType, current: RemoteRecord?) -> String? {
        guard let refusal = type.appendOnlyRefusal else { return nil }
        // A new entry whose id the store holds already, sent as new: a stamp's id is derived
        // from its member and event, so this is a second stamp for them (a grant made on two
        // consoles offline, or a grant after a check-in), not an edit.
        if item.operation == .upsert, item.baseVersion == 0, let current, !current.deleted,
           type.entity == RecordType.stamp.entity {
            return alreadyHeld(current)
        }
        return item.operation == .delete || current != nil ? refusal : nil
    }

    /// Why a second stamp for a member and event is refused, naming the entry that holds it
    /// (whatever id the new one has: `StampHoldings`).
    static func alreadyHeld(_ entry: RemoteRecord) -> String {
        let by = entry.changedBy.map { " by \($0)" } ?? ""
        return "this member already has a stamp for this event: entry \(entry.id), made\(by); one stamp per member per event"
    }
}
