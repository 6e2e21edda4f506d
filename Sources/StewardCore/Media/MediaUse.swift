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
    /// The field's JSON key (`audio`, `imageURL`).
    public var field: String

    public init(entity: String, id: UUID, title: String, field: String) {
        self.entity = entity
        self.id = id
        self.title = title
        self.field = field
    }

    /// `message "Advent 1" (audio)`.
    public var described: String {
        let noun = RecordTypes.named(entity)?.noun ?? entity
        return tr("{noun} \"{title}\" ({field})", ["noun": noun, "title": title, "field": field])
    }
}

extension RecordType {
    /// The fields that take media from the library.
    public var mediaFields: [(field: FieldSpec, kinds: Set<MediaKind>)] {
        fields.compactMap { field in
            if case .media(let kinds, _) = field.kind { return (field, kinds) }
            return nil
        }
    }
}

enum MediaUses {
    /// Every live record of the organization whose media field holds `key`, in the types'
    /// declared order.
    static func of(_ key: String, orgId: UUID, _ db: Database) throws -> [MediaUse] {
        var uses: [MediaUse] = []
        for type in RecordTypes.all {
            for (field, _) in type.mediaFields {
                let records = try type.storage.live(entity: type.entity, orgId: orgId, field: field.name, is: key, db)
                uses += records.map { MediaUse(entity: type.entity, id: $0.id, title: type.title(of: $0.fields), field: field.name) }
            }
        }
        return uses
    }
}
