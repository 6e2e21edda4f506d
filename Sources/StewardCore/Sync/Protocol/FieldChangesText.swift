import Foundation

/// How a history row keeps the fields a change set, in the console's table and in both store
/// databases alike: a canonical JSON array, `[{"field":…,"new":…,"old":…}, …]` sorted by field
/// (a missing `old` or `new` is no value); or, for a record's creation, where every field is new,
/// the record's fields object itself. The creation form is the text the store's record or the
/// console's outbox payload already holds, so creating records in bulk computes no diff (and
/// the console writes it only once the payload leaves the outbox).
public enum FieldChangesText {
    /// The array form of `changes`.
    public static func text(_ changes: [FieldChange]) -> String {
        JSONValue.array(changes.map { change in
            var members: [String: JSONValue] = ["field": .string(change.field)]
            if let old = change.old { members["old"] = old }
            if let new = change.new { members["new"] = new }
            return .object(members)
        }).canonicalText
    }

    /// The text for a change from `old` to `new` fields (nil: no record, or a tombstone), given
    /// the canonical text of `new`, which a creation keeps as it is.
    public static func text(from old: JSONValue?, to new: JSONValue?, newText: String) -> String {
        if old == nil, new != nil { return newText }
        return text(HistoryEntry.changes(from: old, to: new))
    }

    /// The changes a stored text describes, in either form; nil when it is neither.
    public static func changes(_ stored: String) -> [FieldChange]? {
        guard let value = try? JSONValue.parse(stored) else { return nil }
        if case .object = value { return HistoryEntry.changes(from: nil, to: value) }
        guard let items = value.arrayValue else { return nil }
        var changes: [FieldChange] = []
        for item in items {
            guard let field = item["field"]?.stringValue else { return nil }
            changes.append(FieldChange(field: field, old: item["old"], new: item["new"]))
        }
        return changes
    }
}
