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

/// One conflict row per declared field, keyed by its option name (`publish-at`).
struct FieldConflicts: ConflictPresentation {
    let declared: [FieldSpec]

    init(fields: [FieldSpec]) { declared = fields }

    var keys: [String] { declared.map(\.optionName) }

    func fields(mine: JSONValue?, theirs: JSONValue?, zone: TimeZone) -> [ConflictField] {
        declared.map { field in
            let mineValue = field.value(in: mine), theirsValue = field.value(in: theirs)
            return ConflictField(key: field.optionName, label: field.label,
                                 mine: field.kind.displayText(mineValue, zone: zone),
                                 theirs: field.kind.displayText(theirsValue, zone: zone),
                                 differs: mine.map { _ in mineValue ?? .null } != theirs.map { _ in theirsValue ?? .null })
        }
    }

    func merge(mine: JSONValue, theirs: JSONValue, choices: [String: ConflictFieldChoice],
               type: RecordType, zone: TimeZone) throws(ValidationError) -> JSONValue {
        guard case .object(var merged) = theirs else { return try type.validate(mine, orgZone: zone) }
        for field in declared where choices[field.optionName] == .mine {
            // A timing's keys go together: a start from one side and a kind from the other
            // would be neither side's timing.
            for key in field.wireFields.map(\.name) { merged[key] = mine[key] ?? .null }
        }
        return try type.validate(.object(merged), orgZone: zone)
    }
}
