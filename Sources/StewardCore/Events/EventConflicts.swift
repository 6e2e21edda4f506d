import Foundation

/// An event's conflicts as people see them: timing and its start and end as they are typed,
/// not as the five sync fields that carry them (see `ConflictFields`).
struct EventConflicts: ConflictPresentation {
    var keys: [String] { ConflictFields.all.map(\.key) }

    func fields(mine: JSONValue?, theirs: JSONValue?, zone: TimeZone) -> [ConflictField] {
        let mineDetails = mine.flatMap { try? EventDetails(syncFields: $0) }
        let theirsDetails = theirs.flatMap { try? EventDetails(syncFields: $0) }
        let mineForm = mineDetails.map { EventForm($0, organizationZone: zone) }
        let theirsForm = theirsDetails.map { EventForm($0, organizationZone: zone) }
        return ConflictFields.all.map { spec in
            ConflictField(key: spec.key, label: spec.label.text,
                          mine: mineDetails.map { spec.text($0, zone) } ?? "",
                          theirs: theirsDetails.map { spec.text($0, zone) } ?? "",
                          differs: mineForm.map(spec.value) != theirsForm.map(spec.value))
        }
    }

    func merge(mine: JSONValue, theirs: JSONValue, choices: [String: ConflictFieldChoice],
               type: RecordType, zone: TimeZone) throws(ValidationError) -> JSONValue {
        let mineDetails = try EventDetails(syncFields: mine)
        let theirsDetails = try EventDetails(syncFields: theirs)
        return try ConflictFields.merge(mine: mineDetails, theirs: theirsDetails, choices: choices, orgZone: zone).syncFields
    }
}
