import Foundation
import StewardCore

/// Reads a history row's columns back into a `HistoryEntry`; the changes are kept as
/// `FieldChangesText` describes, the same text in both databases.
enum HistoryColumns {
    struct Corrupt: Error, CustomStringConvertible {
        var recordId: String
        var version: Int64
        var description: String { "stored history of record \(recordId) at version \(version) is not valid" }
    }

    static func entry(recordId: String, version: Int64, author: String, at: Int64, operation: String,
                      changesText: String) throws -> HistoryEntry {
        guard let operation = Mutation.Operation(rawValue: operation),
              let changes = FieldChangesText.changes(changesText) else {
            throw Corrupt(recordId: recordId, version: version)
        }
        return HistoryEntry(version: version, author: author, at: at, operation: operation, changes: changes)
    }
}
