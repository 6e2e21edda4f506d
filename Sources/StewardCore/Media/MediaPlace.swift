import Foundation
import StewardMedia

/// Where a record type takes a file of the library: a media field of the record's own (a
/// message's recording), or a media field of each item of a list field (the image of each of a
/// profile's banners). Every part that walks media fields (the console's check, which records use
/// a file, replacing a file, the members' reads, the editor) walks these, so a media field is
/// one wherever it is declared.
public struct MediaPlace: Sendable {
    /// The record's field: the media field itself, or the list field it sits in.
    public let field: FieldSpec
    /// The media field of each of the list's items; nil for a field of the record's own.
    public let itemField: FieldSpec?
    /// What the media field takes.
    public let kinds: Set<MediaKind>

    /// The media field as declared (the item's, inside a list).
    public var mediaField: FieldSpec { itemField ?? field }

    /// The places of `fields`: each media field, and each media field of a list field's items.
    static func all(in fields: [FieldSpec]) -> [MediaPlace] {
        fields.flatMap { field -> [MediaPlace] in
            switch field.kind {
            case .media(let kinds, _):
                return [MediaPlace(field: field, itemField: nil, kinds: kinds)]
            case .list(let itemFields, _):
                return itemFields.compactMap { itemField in
                    guard case .media(let kinds, _) = itemField.kind else { return nil }
                    return MediaPlace(field: field, itemField: itemField, kinds: kinds)
                }
            default:
                return []
            }
        }
    }

    /// The values at this place in a record's `fields`, each with the position of its list item
    /// (1 for the first; nil for a field of the record's own). Items without the field are left out.
    public func values(in fields: JSONValue) -> [(item: Int?, value: JSONValue)] {
        guard let itemField else { return fields[field.name].map { [(nil, $0)] } ?? [] }
        guard case .array(let items)? = fields[field.name] else { return [] }
        return items.enumerated().compactMap { index, item in item[itemField.name].map { (index + 1, $0) } }
    }

    /// The library items named at this place in `fields`, in order, with their list item's position.
    public func items(in fields: JSONValue) -> [(item: Int?, id: UUID)] {
        values(in: fields).compactMap { item, value in
            guard case .item(let id)? = MediaFieldValue(stored: value) else { return nil }
            return (item, id)
        }
    }

    /// `fields` with every value at this place for which `change` gives one replaced by it (the
    /// list's items in place, their other fields kept).
    public func replacing(in fields: JSONValue, _ change: (JSONValue) -> JSONValue?) -> JSONValue {
        let name = mediaField.name
        return updatingHolders(of: fields) { values in
            if let value = values[name], let changed = change(value) { values[name] = changed }
        }
    }

    /// `fields` with `{name}Media` beside the media field (in each list item) holding what
    /// `sibling` gives for its value: the members' reads.
    public func addingSiblings(to fields: JSONValue, _ sibling: (JSONValue?) -> JSONValue?) -> JSONValue {
        let name = mediaField.name
        return updatingHolders(of: fields) { values in
            if let added = sibling(values[name]) { values[name + "Media"] = added }
        }
    }

    /// `fields` with `update` applied to what holds the media field: the record's fields, or
    /// each of the list's items (items that are not objects kept as they are).
    private func updatingHolders(of fields: JSONValue, _ update: (inout [String: JSONValue]) -> Void) -> JSONValue {
        guard case .object(var values) = fields else { return fields }
        guard itemField != nil else {
            update(&values)
            return .object(values)
        }
        guard case .array(let items)? = values[field.name] else { return fields }
        values[field.name] = .array(items.map { item in
            guard case .object(var itemValues) = item else { return item }
            update(&itemValues)
            return .object(itemValues)
        })
        return .object(values)
    }
}

extension RecordType {
    /// Where the type takes files of the library: its media fields and its list fields' items' media fields.
    public var mediaPlaces: [MediaPlace] { MediaPlace.all(in: fields) }
}
