import Foundation
import StewardCore

/// A member offering seats or asking for a ride from the app: pure rules over what the store
/// holds, run in the organization's transaction. The record is the kit's own type, with the
/// member set to whoever is signed in; the event must exist and have ride sharing on.
enum MemberRides {
    enum Failure: Error, Sendable {
        case invalid(String)
        case disabled
        case noEvent
        case rideSharingOff
    }

    static func keys(memberId: String, body: JSONValue, id: String, type: RecordType) -> Set<RecordKey> {
        var keys: Set<RecordKey> = [RecordKey(entity: RecordType.member.entity, id: memberId), RecordKey(entity: type.entity, id: id)]
        if let event = body["event"]?.stringValue, let uuid = UUID(uuidString: event) {
            keys.insert(RecordKey(entity: SyncEntity.event, id: uuid.uuidString.lowercased()))
        }
        return keys
    }

    /// Writes a new offer or request of the member; `type` is `rideOffer` or `rideRequest`.
    static func create(_ body: JSONValue, type: RecordType, id: String, memberId: String,
                       writer: inout RecordWriter) throws(Failure) -> RemoteRecord {
        guard MemberSubmissions.Submitter(id: memberId, record: writer.liveFields(RecordType.member.entity, memberId)) != nil else {
            throw .disabled
        }
        // Whose it is comes from the token; fields staff set (a cancellation) are dropped: a
        // member cancels through their own endpoint.
        guard case .object(var fields) = type.droppingFieldsSetByStaff(body, keeping: nil) else {
            throw .invalid("body: must be a JSON object of the \(type.nouns.one.english)'s fields")
        }
        fields["member"] = .string(memberId)
        let checked: JSONValue
        do {
            checked = try type.validate(.object(fields), orgZone: writer.zone)
        } catch {
            throw .invalid(error.description)
        }
        guard let event = checked["event"]?.stringValue, let eventFields = writer.liveFields(SyncEntity.event, event) else { throw .noEvent }
        guard eventFields["rideSharing"]?.boolValue == true else { throw .rideSharingOff }
        // A date of a repeating event must be one of its dates, as the consoles check it.
        if let issue = RideOccurrences.problem(checked, event: eventFields) { throw .invalid("\(issue.field): \(issue.message)") }
        do {
            try writer.write(type.entity, id, fields: checked)
        } catch {
            throw .invalid(error.description)
        }
        return writer.record(type.entity, id)!
    }
}
