import Foundation

/// How a record type's conflicts show side by side and merge field by field. The default,
/// `FieldConflicts`, gives one row per declared field; a type whose fields people think of
/// differently (an event's timing spans five sync fields) brings its own.
public protocol ConflictPresentation: Sendable {
    /// The keys `merge` takes, as `ConflictField.key` spells them.
    var keys: [String] { get }
    /// Both sides field by field; nil for a side that is deleted or not known.
    func fields(mine: JSONValue?, theirs: JSONValue?, zone: TimeZone) -> [ConflictField]
    /// Each field from the side chosen for it, theirs where none is named; checked by the
    /// type's rules (a `ValidationError` names the field when the mix does not hold together).
    func merge(mine: JSONValue, theirs: JSONValue, choices: [String: ConflictFieldChoice],
               type: RecordType, zone: TimeZone) throws(ValidationError) -> JSONValue
}

/// One conflict row per declared field, keyed by the name validation reports (`publish-at`),
/// so a merge that does not hold together names the row to choose again. A timing is one row
/// merged whole, or, where people think of its parts apart (an event's start and end), a row
/// per part (`timing`, `starts`, `ends`, `time-zone`), each merged on its own.
struct FieldConflicts: ConflictPresentation {
    let declared: [FieldSpec]
    let timingByParts: Bool

    init(fields: [FieldSpec], timingByParts: Bool = false) {
        declared = fields
        self.timingByParts = timingByParts
    }

    /// A row: its key and label, the record keys it shows and merges, and how it reads.
    private struct Row {
        let key: String
        let label: String
        let recordKeys: [String]
        let text: (JSONValue?, TimeZone) -> String
    }

    private var rows: [Row] {
        declared.flatMap { field -> [Row] in
            if case .timing = field.kind, timingByParts {
                return TimingConflictParts.all.map { part in
                    Row(key: part.name, label: part.label.text, recordKeys: part.keys, text: part.text)
                }
            }
            return [Row(key: field.reportName, label: field.label, recordKeys: field.wireFields.map(\.name),
                        text: { record, zone in field.displayText(field.value(in: record), zone: zone) })]
        }
    }

    var keys: [String] { rows.map(\.key) }

    func fields(mine: JSONValue?, theirs: JSONValue?, zone: TimeZone) -> [ConflictField] {
        rows.map { row in
            let mineValues = mine.map { record in row.recordKeys.map { record[$0] ?? .null } }
            let theirsValues = theirs.map { record in row.recordKeys.map { record[$0] ?? .null } }
            return ConflictField(key: row.key, label: row.label,
                                 mine: mine == nil ? "" : row.text(mine, zone),
                                 theirs: theirs == nil ? "" : row.text(theirs, zone),
                                 differs: mineValues != theirsValues)
        }
    }

    func merge(mine: JSONValue, theirs: JSONValue, choices: [String: ConflictFieldChoice],
               type: RecordType, zone: TimeZone) throws(ValidationError) -> JSONValue {
        guard case .object(var merged) = theirs else { return try type.validate(mine, orgZone: zone) }
        for row in rows where choices[row.key] == .mine {
            // A whole timing's keys go together: a start from one side and a kind from the
            // other would be neither side's timing.
            for key in row.recordKeys { merged[key] = mine[key] ?? .null }
        }
        return try type.validate(.object(merged), orgZone: zone)
    }
}
