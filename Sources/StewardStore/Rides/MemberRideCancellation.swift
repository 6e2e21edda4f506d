import Foundation
import StewardCore

/// A member cancelling their own offer or request from the app, applied in the organization's
/// transaction: the record marked cancelled, the assignments involving it removed (a tombstone
/// each, so consoles pull the change), and a notification for each member affected
/// (`RideCancellation`). Pure over the writer, like `MemberRides`.
enum MemberRideCancellation {
    /// What one pass did, for the answer.
    struct Pass: Sendable {
        var alreadyCancelled: Bool
        var released: [RidePair]
    }

    /// The stored rows a pass reads: the member, the record, and, from `assignments` (the live
    /// ones read just before), those involving the record, the other side of each and its member.
    static func keys(side: RideCancellation.Side, id: String, memberId: String, assignments: [RemoteRecord],
                     others: [RemoteRecord]) -> Set<RecordKey> {
        var keys: Set<RecordKey> = [RecordKey(entity: RecordType.member.entity, id: memberId),
                                    RecordKey(entity: side.type.entity, id: id)]
        let otherField = side == .offer ? "request" : "offer"
        let otherType: RecordType = side == .offer ? .rideRequest : .rideOffer
        let involved = assignments.filter { $0.fields[side.rawValue]?.stringValue == id }
        let otherIds = Set(involved.compactMap { $0.fields[otherField]?.stringValue })
        for assignment in involved { keys.insert(RecordKey(entity: RecordType.rideAssignment.entity, id: assignment.id)) }
        for other in others where otherIds.contains(other.id) {
            keys.insert(RecordKey(entity: otherType.entity, id: other.id))
            if let member = other.fields["member"]?.stringValue {
                keys.insert(RecordKey(entity: RecordType.member.entity, id: member))
            }
        }
        return keys
    }

    static func apply(side: RideCancellation.Side, id: String, memberId: String, reason: String?,
                      writer: inout RecordWriter) throws -> Pass {
        guard MemberSubmissions.Submitter(id: memberId, record: writer.liveFields(RecordType.member.entity, memberId)) != nil else {
            throw MemberRides.Failure.disabled
        }
        let outcome = try RideCancellation.outcome(side, id: id, member: memberId, reason: reason,
                                                   lookup: PushLookup(records: writer.records), zone: writer.zone, now: writer.now)
        if let fields = outcome.fields {
            try writer.write(side.type.entity, id, fields: fields)
        }
        for (assignment, _) in outcome.released {
            try writer.write(RecordType.rideAssignment.entity, assignment, fields: .object([:]), deleted: true)
        }
        for fields in outcome.notifications {
            try writer.write(RecordType.rideNotification.entity, UUID().uuidString.lowercased(), fields: fields)
        }
        return Pass(alreadyCancelled: outcome.alreadyCancelled, released: outcome.released.map(\.pair))
    }
}
