import StewardCore

/// Who changed each record, when, and what: the part of `StoreRepository` that the history
/// endpoint reads. Pushes write it, in the transaction that applies each change.
public protocol HistoryRepository: Sendable {
    /// Every change of one record, oldest first: empty for a record stored before history was
    /// kept, nil for a record the store never had.
    func history(org: String, entity: String, id: String) async throws -> [HistoryEntry]?
}
