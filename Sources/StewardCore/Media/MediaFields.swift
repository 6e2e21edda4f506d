import Foundation
import GRDB
import StewardMedia
import Translation

/// The record kit's side of the library: media fields name items of the organization's
/// library of an accepted kind, checked when the console writes the record (as references
/// are), and fields derived from the item filled in.
enum MediaFields {
    /// Adds an issue for each media field naming an item that is not in the organization's
    /// library (or removed), or of a kind the field does not take; one in a list's item is
    /// named as the list's other problems are ("banners: item 2: Image …").
    static func check(_ fields: JSONValue, of type: RecordType, orgId: UUID, issues: inout IssueCollector, _ db: Database) throws {
        for place in type.mediaPlaces {
            for (position, id) in place.items(in: fields) {
                let problem: String
                if let item = try MediaLibrary.item(id, orgId: orgId, db), !item.isRemoved {
                    guard !place.kinds.contains(item.kind) else { continue }
                    problem = MediaLibraryError.wrongKind(fileName: item.fileName, kind: item.kind, accepted: place.kinds).description
                } else {
                    problem = tr("there is no file {id} in this organization's media library (see `stewardctl media list`)",
                                 ["id": UUIDColumn.encode(id)])
                }
                guard let position, let itemField = place.itemField else {
                    issues.add(place.field.optionName, problem)
                    continue
                }
                let itemIssue = ValidationIssue(field: itemField.name, message: problem)
                issues.add(place.field.optionName,
                           ListItemIssue.message(item: position, ListItemIssue.fieldProblem(itemIssue, fields: [itemField])))
            }
        }
    }

    /// "audio", "image or video".
    static func kindsText(_ kinds: Set<MediaKind>) -> String {
        let names = MediaKind.allCases.filter(kinds.contains).map(\.rawValue)
        guard names.count > 1 else { return names.first ?? "" }
        return tr("{some} or {last}", ["some": names.dropLast().joined(separator: ", "), "last": names.last!])
    }
}

extension RecordType {
    /// Declares fields filled from the item a media field names, whenever the record is
    /// written with one.
    func fillingFromMedia(_ field: String, _ fill: @escaping @Sendable (_ item: MediaItem, _ values: inout [String: JSONValue]) -> Void) -> RecordType {
        var copy = self
        copy.mediaFills[field] = fill
        return copy
    }

    /// `fields` (checked, their media items too) with what the media items give filled in.
    func filledFromMedia(_ fields: JSONValue, orgId: UUID, _ db: Database) throws -> JSONValue {
        guard !mediaFills.isEmpty, case .object(var values) = fields else { return fields }
        for (name, fill) in mediaFills {
            guard case .item(let id)? = MediaFieldValue(stored: values[name]),
                  let item = try MediaLibrary.item(id, orgId: orgId, db) else { continue }
            fill(item, &values)
        }
        return .object(values)
    }
}
