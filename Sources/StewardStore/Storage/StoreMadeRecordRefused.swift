import Foundation
import StewardCore

/// A record the store made itself (a submission, a member, a notification, an answer) that
/// does not pass its own declaration. It is refused, naming the record and the field, and the
/// change that made it is refused with it: stored raw, it would reach consoles that cannot
/// read it.
struct StoreMadeRecordRefused: Error, Hashable, Sendable, CustomStringConvertible {
    var entity: String
    var id: String
    var problem: ValidationError

    var description: String {
        "the store could not make the \(RecordTypes.named(entity)?.noun ?? entity) \(id): \(problem.description)"
    }
}
