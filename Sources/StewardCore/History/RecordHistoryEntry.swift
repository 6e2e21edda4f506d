import Foundation
import GRDB
import Translation

/// One change of one record, as the console's history shows it: who, when, what changed.
public struct RecordHistoryEntry: Hashable, Sendable, Identifiable {
    public enum Origin: String, Hashable, Sendable {
        /// Made in this console (the window or stewardctl).
        case console
        /// Made elsewhere (another console, a phone app) and pulled from the store.
        case store
    }

    public var id: Int64
    public var entity: String
    public var recordId: UUID
    /// A staff member's email, `token:<role>`, or "this console (<login name>)".
    public var author: String
    public var at: Date
    public var operation: Mutation.Operation
    /// The fields whose value changed, sorted by field (sync field names: `title`, `startsAt`...).
    public var changes: [FieldChange]
    /// The store's version the change made; nil while it has not reached the store.
    public var version: Int64?
    public var origin: Origin

    /// A local change the store has not confirmed yet.
    public var isPending: Bool { version == nil }

    /// "Created", "Deleted", or "Changed title, starts": for a list of changes.
    public var summary: String { summary(translated: true) }

    /// The summary in English whatever the language, for output programs read (JSON).
    public var englishSummary: String { summary(translated: false) }

    private func summary(translated: Bool) -> String {
        func say(_ text: Translatable) -> String { translated ? text.text : text.english }
        if operation == .delete { return say(trLater("Deleted")) }
        if !changes.isEmpty, changes.allSatisfy({ $0.old == nil }) { return say(trLater("Created")) }
        var labels: [String] = []
        for change in changes {
            let label = translated ? SyncFieldLabels.label(for: change.field, entity: entity)
                : SyncFieldLabels.englishLabel(for: change.field, entity: entity)
            if !labels.contains(label) { labels.append(label) }
        }
        if labels.isEmpty { return say(trLater("Saved without changes")) }
        // TRANSLATORS: {fields} is a list of field names, like "title, starts".
        return Placeholders.fill(say(trLater("Changed {fields}")), ["fields": labels.joined(separator: ", ").lowercased()])
    }
}

extension RecordHistoryEntry: FetchableRecord {
    public init(row: Row) throws {
        id = row["id"]
        entity = row["entity"]
        recordId = try UUIDColumn.decode(row["recordId"])
        author = row["author"]
        at = row["at"]
        operation = Mutation.Operation(rawValue: row["operation"]) ?? .upsert
        let text: String = row["changes"]
        let pending: String? = row.hasColumn("pendingFields") ? row["pendingFields"] : nil
        changes = FieldChangesText.changes(text == HistoryLog.pendingCreation ? pending ?? "" : text) ?? []
        version = row["version"]
        origin = Origin(rawValue: row["origin"]) ?? .console
    }
}

/// Names for people of the fields records sync with, from their type's declaration.
public enum SyncFieldLabels {
    public static func label(for field: String, entity: String) -> String {
        RecordTypes.named(entity)?.field(field)?.label ?? field
    }

    /// The same in English, whatever the language.
    public static func englishLabel(for field: String, entity: String) -> String {
        RecordTypes.named(entity)?.field(field)?.declaredLabel.english ?? field
    }
}
