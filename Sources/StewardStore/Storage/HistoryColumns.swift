import Foundation
import StewardCore

/// How a history row's field changes are stored: one canonical JSON array,
/// `[{"field":…,"new":…,"old":…}, …]` (a missing `old` or `new` is no value), the same text in
/// both databases.
enum HistoryColumns {
    struct Corrupt: Error, CustomStringConvertible {
        var recordId: String
        var version: Int64
        var description: String { "stored history of record \(recordId) at version \(version) is not valid" }
    }

    static func text(_ changes: [FieldChange]) -> String {
        JSONValue.array(changes.map { change in
            var members: [String: JSONValue] = ["field": .string(change.field)]
            if let old = change.old { members["old"] = old }
            if let new = change.new { members["new"] = new }
            return .object(members)
        }).canonicalText
    }

    static func entry(recordId: String, version: Int64, author: String, at: Int64, operation: String,
                      changesText: String) throws -> HistoryEntry {
        guard let operation = Mutation.Operation(rawValue: operation),
              let items = (try? JSONValue.parse(changesText))?.arrayValue else {
            throw Corrupt(recordId: recordId, version: version)
        }
        let changes = try items.map { item in
            guard let field = item["field"]?.stringValue else { throw Corrupt(recordId: recordId, version: version) }
            return FieldChange(field: field, old: item["old"], new: item["new"])
        }
        return HistoryEntry(version: version, author: author, at: at, operation: operation, changes: changes)
    }
}
