import Foundation
import GRDB

/// A record the console makes in the same transaction as a local write of another type's record
/// (an event's check-in key, made once the event gives stamps), so it is in the outbox right
/// behind it whichever way that record was written: editor, command line, import or approval.
public struct MadeAlongside: Sendable {
    /// The entity whose local writes make one.
    let entity: String
    /// Makes it if the written record needs one and has none: the written record's id and
    /// fields, its organization, and who wrote it.
    let make: @Sendable (_ recordId: UUID, _ fields: JSONValue, _ orgId: UUID, _ author: String?, _ db: Database) throws -> Void
}

extension RecordType {
    /// Records of this type are made alongside local writes of `other`'s records by `make`.
    func madeAlongside(_ other: String,
                       by make: @escaping @Sendable (_ recordId: UUID, _ fields: JSONValue, _ orgId: UUID, _ author: String?,
                                                     _ db: Database) throws -> Void) -> RecordType {
        var copy = self
        copy.companionOf = MadeAlongside(entity: other, make: make)
        return copy
    }
}

extension RecordTypes {
    private static let alongside: [String: [MadeAlongside]] =
        Dictionary(grouping: all.compactMap(\.companionOf), by: \.entity)

    /// Makes what is made alongside a local write of `entity`'s record (nothing for a delete).
    static func makeAlongside(_ entity: String, recordId: UUID, fields: JSONValue, orgId: UUID, author: String?,
                              _ db: Database) throws {
        for companion in alongside[entity] ?? [] {
            try companion.make(recordId, fields, orgId, author, db)
        }
    }
}
