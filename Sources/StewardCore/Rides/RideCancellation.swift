import Foundation
import Translation

/// A member cancelling their own ride from the app: a passenger their request, or a driver
/// their whole offer. The record stays, marked cancelled with its reason; the assignments that
/// involve it are removed at once, so its seats stop counting and its passengers wait again;
/// each member affected gets a notification ("Your driver for the ride to the event cancelled;
/// you are back on the list"). Pure: the store applies the outcome in one transaction, and the
/// console sees it all with the next sync (the Rides page then proposes the smallest change).
public enum RideCancellation {
    public enum Side: String, Sendable {
        case offer
        case request

        public var type: RecordType { self == .offer ? .rideOffer : .rideRequest }
        /// The assignment field that names a record of this side.
        var assignmentField: String { rawValue }
    }

    public enum Failure: Error, Equatable, Sendable {
        /// No live offer or request with that id.
        case notFound
        /// Someone else's: a member cancels only their own.
        case notYours
        case invalid(String)
    }

    public struct Outcome: Sendable {
        /// The record's fields, cancelled; nil when it was cancelled already (nothing changes).
        public var fields: JSONValue?
        /// Assignments to remove, with the pair each held.
        public var released: [(assignment: String, pair: RidePair)]
        /// One notification's fields per member affected, already valid.
        public var notifications: [JSONValue]

        public var alreadyCancelled: Bool { fields == nil }
    }

    /// What cancelling `id` of `side` for `member` changes, read through `lookup` (the record,
    /// its live assignments, the other side of each, and members' names). Throws a `Failure`,
    /// or what the lookup throws when it cannot read.
    public static func outcome(_ side: Side, id: String, member: String, reason: String?, lookup: any RecordLookup,
                               zone: TimeZone, now: Date) throws -> Outcome {
        guard let record = try lookup.live(side.type.entity, id: id) else { throw Failure.notFound }
        guard record["member"]?.stringValue == member else { throw Failure.notYours }
        // Cancelled already: nothing to write, but an assignment that slipped in meanwhile is
        // still released (the store's second pass after a race with a push).
        var changed: JSONValue?
        if record["cancelled"]?.boolValue != true {
            changed = try cancelledFields(record, side: side, reason: reason, zone: zone)
        }
        let cancelled = changed ?? record
        var released: [(assignment: String, pair: RidePair)] = []
        var notifications: [JSONValue] = []
        for assignment in try lookup.live(RecordType.rideAssignment.entity, where: side.assignmentField, is: id) {
            guard let offerId = assignment.fields["offer"]?.stringValue, let requestId = assignment.fields["request"]?.stringValue,
                  let leg = assignment.fields["leg"]?.stringValue.flatMap(RideLeg.init(rawValue:)) else { continue }
            released.append((assignment.id, RidePair(passenger: RideID(requestId), driver: RideID(offerId), leg: leg)))
            let offer = try side == .offer ? cancelled : lookup.live(RecordType.rideOffer.entity, id: offerId)
            let request = try side == .request ? cancelled : lookup.live(RecordType.rideRequest.entity, id: requestId)
            guard let offer, let request else { continue }
            let parties = RideParties(event: record["event"]?.stringValue ?? "", offer: offer, request: request,
                                      driverName: try name(offer, lookup: lookup, fallback: offerId),
                                      passengerName: try name(request, lookup: lookup, fallback: requestId))
            for fields in RideNotices.fields(for: leg, .removed, parties, zone: zone, at: now) {
                if let checked = try? RecordType.rideNotification.validate(fields, orgZone: zone) { notifications.append(checked) }
            }
        }
        return Outcome(fields: changed, released: released, notifications: notifications)
    }

    private static func cancelledFields(_ record: JSONValue, side: Side, reason: String?, zone: TimeZone) throws(Failure) -> JSONValue {
        guard case .object(var values) = record else { throw .notFound }
        values["cancelled"] = .bool(true)
        let text = reason?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        values["cancelReason"] = text.isEmpty ? nil : .string(text)
        do {
            return try side.type.validate(.object(values), orgZone: zone)
        } catch {
            throw .invalid(error.description)
        }
    }

    /// Who an offer or request is, as the board names them: the member's name, or the guest's.
    public static func name(_ fields: JSONValue, lookup: any RecordLookup, fallback: String) throws -> String {
        if let member = fields["member"]?.stringValue, let record = try lookup.live(RecordType.member.entity, id: member) {
            return RecordType.member.title(of: record)
        }
        if let guest = fields["guestName"]?.stringValue, !guest.isEmpty { return guest }
        return fallback
    }
}
