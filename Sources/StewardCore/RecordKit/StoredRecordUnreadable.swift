import Foundation
import Translation

/// A row of this console's database whose fields cannot be read (changed outside Steward, or a
/// damaged file). It is never loaded as an empty record, which an edit would then save over
/// the fields it could not read: reading it fails, naming it, and the row is left as it is.
public struct StoredRecordUnreadable: Error, Hashable, Sendable, CustomStringConvertible {
    public var entity: String
    public var id: String
    /// What the JSON reader found wrong.
    public var problem: String

    public init(entity: String, id: String, problem: String) {
        self.entity = entity
        self.id = id
        self.problem = problem
    }

    public var description: String {
        tr("the stored {noun} {id} cannot be read ({problem}); it is kept as it is and cannot be shown or edited until it is repaired or restored from a backup",
           ["noun": RecordTypes.named(entity)?.noun ?? entity, "id": id, "problem": problem])
    }
}
