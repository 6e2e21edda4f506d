import Foundation
import GRDB
import StewardMedia
import Translation

/// A live record whose media field holds a library item: what `usedBy` answers and what a
/// refused removal names.
public struct MediaUse: Hashable, Sendable, Codable {
    public var entity: String
    public var id: UUID
    public var title: String
    /// The field's JSON key (`audio`, `imageURL`); for a media field of a list's items, the
    /// list's (`banners`), which is what staff see the file in.
    public var field: String
    /// The media field's JSON key in the list's items (`image`); nil for a field of the record's own.
    public var itemField: String?

    public init(entity: String, id: UUID, title: String, field: String, itemField: String? = nil) {
        self.entity = entity
        self.id = id
        self.title = title
        self.field = field
        self.itemField = itemField
    }

    /// `message "Advent 1" (audio)`.
    public var described: String {
        let noun = RecordTypes.named(entity)?.noun ?? entity
        return tr("{noun} \"{title}\" ({field})", ["noun": noun, "title": title, "field": field])
    }
}

enum MediaUses {
    /// Every live record of the organization whose media field (or a list item's) holds `key`,
    /// in the types' declared order; a record once for each place, however many of its list's
    /// items name the file.
    static func of(_ key: String, orgId: UUID, _ db: Database) throws -> [MediaUse] {
        var uses: [MediaUse] = []
        for type in RecordTypes.all {
            for place in type.mediaPlaces {
                let records: [LocalRecord]
                if let itemField = place.itemField {
                    records = try type.storage.live(entity: type.entity, orgId: orgId, list: place.field.name,
                                                    itemField: itemField.name, is: key, db)
                } else {
                    records = try type.storage.live(entity: type.entity, orgId: orgId, field: place.field.name, is: key, db)
                }
                uses += records.map {
                    MediaUse(entity: type.entity, id: $0.id, title: type.title(of: $0.fields), field: place.field.name,
                             itemField: place.itemField?.name)
                }
            }
        }
        return uses
    }
}
